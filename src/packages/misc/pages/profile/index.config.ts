import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({
  navigationBarTitleText: buildTimeTitle('Profile'),
  // spec 001 §9: the lists load more within 10 px of the bottom, and refresh on pull-down
  onReachBottomDistance: 10,
  enablePullDownRefresh: true,
})
