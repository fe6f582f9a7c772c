/** The lesson viewer: its screen, its store, sharing, and the gallery and video pieces the circle posts reuse. */
export { LessonScreen } from './LessonScreen'
export * from './model'
export { useLessonShare } from './useLessonShare'
export { GalleryModel } from './gallery/GalleryModel'
export { GalleryOverlay } from './gallery/GalleryOverlay'
export { VideoView } from './cells/VideoCell'
export { ReviewScreen } from './ReviewScreen'
export { ReviewPage } from './ReviewPage'
