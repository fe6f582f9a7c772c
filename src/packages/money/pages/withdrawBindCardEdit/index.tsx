import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { CardFormScreen } from '../../../../features/money'
import { useRouteTitle } from '../../../../features/routing'
import { presentParam } from '../../../../domain/routeParams'
import { useMoneyStores } from '../../stores'

/**
 * /withdrawBindCardEdit ('bank card', spec 001 §2). `cardInfo` present means "edit the bound card":
 * the form loads it from the server, so the card's details never travel in a URL.
 */
export default function WithdrawBindCardEditPage() {
  useRouteTitle('WithdrawBindCardEdit')
  const { params } = useRouter()
  const { createCardFormStore } = useMoneyStores()
  const editing = presentParam(params.cardInfo) !== undefined
  const [store] = useState(() => createCardFormStore(editing))
  useEffect(() => {
    if (editing) void store.loadBound()
  }, [store, editing])
  return <CardFormScreen store={store} />
}
