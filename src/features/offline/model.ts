import { createOfflineApi } from '../../api/offline'
import { defineAppStore } from '../../app/stores'
import { OfflineStore } from './OfflineStore'

export { OfflineStore } from './OfflineStore'
export type { DownloadState, OfflineLesson } from './OfflineStore'

/**
 * The downloaded lessons (issue 35 item 5), one store for the app's life, built when the home, the
 * offline lesson or a lesson's download action first asks for it: not by the main composition, so
 * its code is no part of the H5 lesson's first load (issue 36).
 */
export const offlineStoreOf = defineAppStore((app) => new OfflineStore(createOfflineApi(app.post), app.fileStorage, app.storage))
