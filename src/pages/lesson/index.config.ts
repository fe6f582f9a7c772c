export default definePageConfig({
  navigationBarTitleText: '',
  // spec 000 §9: load more when within 20 px of the page bottom
  onReachBottomDistance: 20,
  enableShareAppMessage: true,
  enableShareTimeline: true,
})
