import { View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import type { PayFlowStore } from './PayFlowStore'
import { PhoneDialog } from '../login'
import type { Country } from '../../domain/countries'
import { AlertDialog, ConfirmDialog } from '../../ui/Dialog'
import { Overlay } from '../../ui/Overlay'
import { PayDialog } from './PayDialog'
import './purchase.scss'

export interface PayFlowViewProps {
  flow: PayFlowStore
  /** tests pass a fixed country list */
  loadCountries?: () => Promise<Country[]>
}

/**
 * The dialogs of the pay flow, one at a time, by the flow's step (spec 000 §4 "Payment"). Reached
 * through payFlowDialogsPart: on H5 this module (with the phone dialog and its country picker)
 * arrives when the flow first opens, not with the lesson.
 */
export const PayFlowDialogs = observer(function PayFlowDialogs({ flow, loadCountries }: PayFlowViewProps) {
  const target = flow.target
  if (!target) return null
  const price = fenToYuan(target.priceFen)
  switch (flow.step) {
    case 'idle':
    case 'redirecting':
      return null
    case 'dialog':
      return <PayDialog priceFen={target.priceFen} onLookAgain={() => flow.close()} onGoPay={() => void flow.goPay()} />
    case 'bind':
      return (
        <PhoneDialog
          title={t('login.title')}
          sendCode={(phone, interCode) => flow.sendCode(phone, interCode)}
          submit={({ phone, interCode, vcode }) => flow.bindPhone({ phone, interCode, vcode })}
          success={{ text: t('login.success'), buttonText: t('login.gotIt') }}
          onCancel={() => flow.close()}
          onDone={() => flow.bindDone()}
          loadCountries={loadCountries}
        />
      )
    case 'confirm':
      return (
        <ConfirmDialog
          title={t('purchase.confirm.title')}
          body={t('purchase.confirm.text', { price })}
          className='pay-dialog pay-confirm'
          classNames={{ mask: 'pay-dialog__mask', title: 'pay-dialog__title', text: 'pay-dialog__text' }}
          cancelText={t('common.cancel')}
          cancelClassName='pay-confirm__cancel'
          confirmText={t('purchase.confirm.pay')}
          confirmClassName='pay-confirm__pay'
          onCancel={() => flow.close()}
          onConfirm={() => void flow.confirmPay()}
        />
      )
    case 'paying':
      return (
        <Overlay className='pay-dialog__mask pay-paying'>
          <View className='ui-overlay__status' role='status'>
            {t('purchase.paying')}
          </View>
        </Overlay>
      )
    case 'unconfirmed':
      return (
        <AlertDialog
          body={t('purchase.unconfirmed')}
          className='pay-dialog pay-unconfirmed'
          classNames={{ mask: 'pay-dialog__mask', text: 'pay-dialog__text' }}
          buttonText={t('common.confirm')}
          buttonClassName='pay-unconfirmed__ok'
          onClose={() => flow.close()}
        />
      )
  }
})
