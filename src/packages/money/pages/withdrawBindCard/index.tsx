import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { BankCardScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { useMoneyStores } from '../../stores'

/** /withdrawBindCard ('bank card', spec 001 §2); shown again after the form, it reloads the card. */
export default function WithdrawBindCardPage() {
  useRouteTitle('WithdrawBindCard')
  const { createBankCardStore } = useMoneyStores()
  const [store] = useState(createBankCardStore)
  useDidShow(() => void store.load())
  return <BankCardScreen store={store} />
}
