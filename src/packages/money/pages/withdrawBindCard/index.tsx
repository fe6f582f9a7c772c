import { useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { BankCardScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { useMoneyStores } from '../../stores'

/**
 * /withdrawBindCard ('bank card', spec 001 §2); `isBindCard` 0 (no card bound, as /withdrawAction
 * knows) shows the add-card tile at once; shown again after the form, it reloads the card.
 */
export default function WithdrawBindCardPage() {
  useRouteTitle('WithdrawBindCard')
  const flag = presentParam(useRouter().params.isBindCard)
  const isBindCard = flag === '1' ? true : flag === '0' ? false : undefined
  const { createBankCardStore } = useMoneyStores()
  const [store] = useState(createBankCardStore)
  useDidShow(() => void store.show(isBindCard))
  return <BankCardScreen store={store} />
}
