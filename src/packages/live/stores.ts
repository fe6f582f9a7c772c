import { definePackageStores } from '../../app/stores'
import { createLiveApi } from '../../api/live'
import { SubscriptionsStore } from '../../features/live'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** The live package's composition, reached only from its own pages; built on the app's one transport. */
export const useLiveStores = definePackageStores((app) => {
  const live = createLiveApi(app.post)
  return {
    createSubscriptionsStore: (openid: string): SubscriptionsStore => new SubscriptionsStore(live, openid, messageOf),
  }
})
