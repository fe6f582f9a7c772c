import { useEffect, useState } from 'react'
import { IncomeScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { useMoneyStores } from '../../stores'

/** /withdraw ('income withdrawal', spec 001 §2). */
export default function WithdrawPage() {
  useRouteTitle('Withdraw')
  const { createIncomeStore } = useMoneyStores()
  const [store] = useState(createIncomeStore)
  useEffect(() => store.load(), [store])
  return <IncomeScreen store={store} />
}
