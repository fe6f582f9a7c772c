import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({
  navigationBarTitleText: buildTimeTitle('LiveSubscribeNoti'),
  // spec 001 §9: the list loads 10 more within 10 px of the bottom, and refreshes on pull-down
  onReachBottomDistance: 10,
  enablePullDownRefresh: true,
})
