import { useEffect, useState } from 'react'
import { IncomeScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { useMoneyStores } from '../../stores'
import { preparePullDownRefresh } from '../../../../platform/components/pullDownRefresh'

// the page config sets enablePullDownRefresh
preparePullDownRefresh()

/** /withdraw ('income withdrawal', spec 001 §2). */
export default function WithdrawPage() {
  useRouteTitle('Withdraw')
  const { createIncomeStore } = useMoneyStores()
  const [store] = useState(createIncomeStore)
  useEffect(() => store.load(), [store])
  return <IncomeScreen store={store} />
}
