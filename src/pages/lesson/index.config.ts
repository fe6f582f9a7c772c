import { buildTimeTitle } from '../../locales/buildTitle'

export default definePageConfig({
  // until the lesson's name is known (LessonScreen sets it), the page says it is a lesson
  navigationBarTitleText: buildTimeTitle('Lesson'),
  // spec 000 §9: load more when within 20 px of the page bottom
  onReachBottomDistance: 20,
  enableShareAppMessage: true,
  enableShareTimeline: true,
})
