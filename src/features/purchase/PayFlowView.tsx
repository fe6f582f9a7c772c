import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import type { PayFlowStore } from './PayFlowStore'
import { PhoneDialog } from '../login'
import type { Country } from '../../domain/countries'
import { PayDialog } from './PayDialog'
import './purchase.scss'

export interface PayFlowViewProps {
  flow: PayFlowStore
  /** tests pass a fixed country list */
  loadCountries?: () => Promise<Country[]>
}

/** The dialogs of the pay flow, one at a time, by the flow's step (spec 000 §4 "Payment"). */
export const PayFlowView = observer(function PayFlowView({ flow, loadCountries }: PayFlowViewProps) {
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
          title={t('login.bindTitle')}
          sendCode={(phone, interCode) => flow.sendCode(phone, interCode)}
          submit={({ phone, interCode, vcode }) => flow.bindPhone({ phone, interCode, vcode })}
          success={{ text: t('login.bindSuccess'), buttonText: t('login.continuePay') }}
          onCancel={() => flow.close()}
          onDone={() => flow.bindDone()}
          loadCountries={loadCountries}
        />
      )
    case 'confirm':
      return (
        <View className='pay-dialog__mask'>
          <View className='pay-dialog pay-confirm'>
            <Text className='pay-dialog__title'>{t('purchase.confirm.title')}</Text>
            <Text className='pay-dialog__text'>{t('purchase.confirm.text', { price })}</Text>
            <View className='pay-dialog__actions'>
              <Button className='pay-dialog__action pay-confirm__cancel' onClick={() => flow.close()}>
                {t('common.cancel')}
              </Button>
              <Button className='pay-dialog__action pay-dialog__primary pay-confirm__pay' onClick={() => void flow.confirmPay()}>
                {t('purchase.confirm.pay')}
              </Button>
            </View>
          </View>
        </View>
      )
    case 'paying':
      return (
        <View className='pay-dialog__mask pay-paying'>
          <Text className='pay-paying__text'>{t('purchase.paying')}</Text>
        </View>
      )
    case 'unconfirmed':
      return (
        <View className='pay-dialog__mask'>
          <View className='pay-dialog pay-unconfirmed'>
            <Text className='pay-dialog__text'>{t('purchase.unconfirmed')}</Text>
            <Button className='pay-dialog__primary pay-unconfirmed__ok' onClick={() => flow.close()}>
              {t('common.confirm')}
            </Button>
          </View>
        </View>
      )
  }
})
