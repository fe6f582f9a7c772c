/** The offline area's stores alone, for the main composition. */
export { OfflineStore } from './OfflineStore'
export type { DownloadState, OfflineLesson } from './OfflineStore'
