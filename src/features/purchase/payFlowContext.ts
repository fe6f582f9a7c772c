import { createContext, useContext, useState } from 'react'
import { rootStore } from '../../stores'
import type { PayFlowStore } from '../../stores/purchase'

/** Where a screen gets its pay flow: the root store's gateways, or a test's fakes through a Provider. */
export const PayFlowFactory = createContext<() => PayFlowStore>(() => rootStore.createPayFlow())

/** One pay flow for the lifetime of the calling component. */
export function usePayFlow(): PayFlowStore {
  const create = useContext(PayFlowFactory)
  const [flow] = useState(create)
  return flow
}
