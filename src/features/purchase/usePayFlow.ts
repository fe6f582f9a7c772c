import { useState } from 'react'
import { useAppStores } from '../../app/stores'
import type { PayFlowStore } from './PayFlowStore'

/** One pay flow for the lifetime of the calling component, over the app's gateways. */
export function usePayFlow(): PayFlowStore {
  const { createPayFlow } = useAppStores()
  const [flow] = useState(createPayFlow)
  return flow
}
