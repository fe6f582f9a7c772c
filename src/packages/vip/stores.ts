import { definePackageStores } from '../../app/stores'
import { createVipApi } from '../../api/vip'
import { EligibilityStore, FriendStore, SlotsStore } from '../../features/vip'

/**
 * The vip package's composition (the 'team migration reward' campaign), reached only from its own
 * pages: the campaign's api on the app's one transport, and a store per page.
 */
export const useVipStores = definePackageStores((app) => {
  const vip = createVipApi(app.post)
  return {
    createEligibilityStore: (data: string): EligibilityStore => new EligibilityStore(vip, data),
    createSlotsStore: (data: string): SlotsStore => new SlotsStore(vip, data),
    createFriendStore: (data: string, slotNumber: number): FriendStore => new FriendStore(vip, data, slotNumber),
  }
})
