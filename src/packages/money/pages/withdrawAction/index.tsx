import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { WithdrawScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { useMoneyStores } from '../../stores'
import { preparePullDownRefresh } from '../../../../platform/components/pullDownRefresh'

// the page config sets enablePullDownRefresh
preparePullDownRefresh()

/** /withdrawAction ('withdraw', spec 001 §2); shown again after the card pages, it reloads. */
export default function WithdrawActionPage() {
  useRouteTitle('WithdrawAction')
  const { createWithdrawStore } = useMoneyStores()
  const [store] = useState(createWithdrawStore)
  useDidShow(() => {
    if (store.records.page === 0) store.load()
    else void store.refresh()
  })
  return <WithdrawScreen store={store} />
}
