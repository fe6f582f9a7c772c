/** What a visitor did to a lesson during this visit: the model /lesson and /lessonPay share. */
export { checkLessonPassword, LessonVisit } from './LessonVisit'
