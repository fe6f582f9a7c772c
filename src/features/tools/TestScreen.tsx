import type { ReactNode } from 'react'
import { feedback } from '../../platform/feedback'
import { Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { TOAST_DURATION_MS } from '../../api/client'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import { TEST_ORDER_FEE_FEN } from '../../../types/testOrder'
import { cx } from '../../ui/classNames'
import { ToolButton } from './ToolButton'
import type { PasteState, PaymentState, TestStore, UserInfoState } from './TestStore'
import '../../locales/packages/tools'
import './tools.scss'

const price = fenToYuan(TEST_ORDER_FEE_FEN)

function toast(title: string): void {
  feedback.toast({ title, icon: 'none', duration: TOAST_DURATION_MS })
}

function userInfoText(state: UserInfoState): string {
  switch (state.kind) {
    case 'idle':
      return t('tools.test.userInfo.idle')
    case 'loading':
      return t('tools.test.userInfo.loading')
    case 'outside':
      return t('tools.test.userInfo.outside')
    case 'none':
      return t('tools.test.userInfo.none')
    case 'user':
      return t('tools.test.userInfo.user', { userid: state.user.userid, nickname: state.user.nickname || '-' })
  }
}

function pasteText(state: PasteState): string {
  if (state.kind === 'idle') return t('tools.test.clipboard.pasteIdle')
  if (state.kind === 'failed') return t('tools.test.clipboard.pasteFailed', { detail: state.detail })
  return state.text ? t('tools.test.clipboard.pasted', { text: state.text }) : t('tools.test.clipboard.empty')
}

function paymentText(state: PaymentState): string {
  switch (state.kind) {
    case 'idle':
      return t('tools.test.pay.idle', { price })
    case 'creating':
      return t('tools.test.pay.creating')
    case 'paying':
      return t('tools.test.pay.paying')
    case 'checking':
      return t('tools.test.pay.checking')
    case 'paid':
      return t('tools.test.pay.paid', { orderNO: state.orderNO })
    case 'cancelled':
      return t('tools.test.pay.cancelled')
    case 'failed':
      if (state.reason === 'order') return t('tools.test.pay.failedOrder', { detail: state.detail })
      return state.reason === 'pay' ? t('tools.test.pay.failedPay') : t('tools.test.pay.unconfirmed')
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View className='tools__section'>
      <View className='tools__heading' role='heading' aria-level={2}>
        {title}
      </View>
      {children}
    </View>
  )
}

/**
 * /test (spec 001 §1, §2): the native bridge's getUserInfo, clipboard copy (toast 'copy succeeded')
 * and paste, and a demo payment of a server-made test order through the app's payment gateway.
 */
export const TestScreen = observer(function TestScreen({ store }: { store: TestStore }) {
  const sample = t('tools.test.clipboard.sample')
  const copy = async (): Promise<void> => {
    toast((await store.copy(sample)) ? t('common.copySucceeded') : t('tools.test.clipboard.copyFailed'))
  }
  const { payment } = store
  const failed = payment.kind === 'failed'
  return (
    <View className='tools'>
      <Section title={t('tools.test.userInfo.title')}>
        <View className='tools__result' role='status'>
          {userInfoText(store.userInfo)}
        </View>
        <ToolButton label={t('tools.test.userInfo.get')} disabled={store.userInfo.kind === 'loading'} onPress={() => void store.loadUserInfo()} />
      </Section>
      <Section title={t('tools.test.clipboard.title')}>
        <Text className='tools__sample'>{sample}</Text>
        <ToolButton label={t('tools.test.clipboard.copy')} name={t('tools.test.clipboard.copyLabel', { text: sample })} onPress={() => void copy()} />
        <View className={cx('tools__result', store.paste.kind === 'failed' && 'tools__result--error')} role='status'>
          {pasteText(store.paste)}
        </View>
        <ToolButton label={t('tools.test.clipboard.paste')} secondary onPress={() => void store.readClipboard()} />
      </Section>
      <Section title={t('tools.test.pay.title')}>
        <View
          className={cx('tools__result', failed && 'tools__result--error', payment.kind === 'paid' && 'tools__result--ok')}
          role={failed ? 'alert' : 'status'}
        >
          {paymentText(payment)}
        </View>
        <ToolButton
          label={payment.kind === 'paid' ? t('tools.test.pay.again', { price }) : t('tools.test.pay.button', { price })}
          disabled={store.paying}
          onPress={() => void store.pay()}
        />
      </Section>
    </View>
  )
})
