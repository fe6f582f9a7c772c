/** The lesson viewer: its screen, its store, sharing, and the gallery and video pieces the circle posts reuse. */
export { LessonScreen } from './LessonScreen'
export { LessonStore } from './LessonStore'
export type { LessonAccessContext } from './LessonStore'
export { useLessonShare } from './useLessonShare'
export { GalleryModel } from './gallery/GalleryModel'
export { GalleryOverlay } from './gallery/GalleryOverlay'
export { VideoView } from './cells/VideoCell'
