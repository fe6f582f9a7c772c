import { DEV_STORE_PATH, DOWNLOAD_DESC_PATH } from '../../../types/invite'
import type { StoreUrls } from '../../domain/invite'
import { platformEnv } from '../../platform/env'

/**
 * Where the invite and download pages send people, fixed at build time (README "Invite pages"):
 * the store pages, the app's custom scheme and the remote update config. The defaults are the
 * reference server's own: its stand-in store pages (demo mode) and its /config/wmUpdate.json.
 */
export function storeUrls(): StoreUrls {
  const api = platformEnv.apiBase()
  return {
    android: process.env.TARO_APP_ANDROID_STORE_URL || `${api}${DEV_STORE_PATH}/android`,
    ios: process.env.TARO_APP_IOS_STORE_URL || `${api}${DEV_STORE_PATH}/ios`,
  }
}

export function appScheme(): string {
  return process.env.TARO_APP_SCHEME || 'weimai://'
}

export function downloadDescBase(): string {
  return process.env.TARO_APP_DOWNLOAD_DESC_URL || `${platformEnv.apiBase()}${DOWNLOAD_DESC_PATH}`
}

/** How long the remote description may take before the built-in one is shown. */
export const DOWNLOAD_DESC_TIMEOUT_MS = 5000
