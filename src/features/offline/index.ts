/** Lessons offline (issue 35 item 5): the downloads list, the download action and the offline lesson. */
export { DownloadsList } from './DownloadsList'
export { DownloadLesson } from './DownloadLesson'
export { OfflineLessonScreen } from './OfflineLessonScreen'
export { OfflineLessonStore } from './OfflineLessonStore'
export { offlineStoreOf } from './model'
