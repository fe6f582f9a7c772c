import { definePackageStores } from '../../app/stores'
import { createInviteApi } from '../../api/invite'
import type { InviteKind } from '../../api/invite'
import {
  DOWNLOAD_DESC_TIMEOUT_MS,
  DownloadDescStore,
  PasswordWelcomeStore,
  PayGroupStore,
  WelcomeStore,
  downloadDescBase,
  storeUrls,
  toast,
} from '../../features/invite'
import type { InviteDeps } from '../../features/invite'
import { appLink } from '../../platform/appLink'

/**
 * The invite package's composition (welcome, share, download and paid-group pages), reached only
 * from its own pages: its api module on the app's one transport, and the platform's app links.
 */
export const useInviteStores = definePackageStores((app) => {
  const deps: InviteDeps = { api: createInviteApi(app.post), appLink, toast }
  return {
    createWelcomeStore: (kind: InviteKind, withPhone: boolean, data: string): WelcomeStore => new WelcomeStore(deps, kind, withPhone, data),
    createPasswordWelcomeStore: (): PasswordWelcomeStore => new PasswordWelcomeStore(deps, storeUrls()),
    createPayGroupStore: (): PayGroupStore => new PayGroupStore(deps),
    createDownloadDescStore: (): DownloadDescStore => new DownloadDescStore(appLink, downloadDescBase(), DOWNLOAD_DESC_TIMEOUT_MS),
  }
})
