/** The 'team migration reward' campaign and the VIP slots: the vip package's screens and stores. */
export { VipBadLink, VipCampaignScreen, VipEligibilityScreen, VipFriendScreen, VipSlotsScreen } from './VipScreens'
export { EligibilityStore, FriendStore, SlotsStore } from './stores'
