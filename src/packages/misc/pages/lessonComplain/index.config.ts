import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({
  navigationBarTitleText: buildTimeTitle('LessonComplain'),
  // spec 000 §9: the old viewers load more within 5 px of the page bottom
  onReachBottomDistance: 5,
})
