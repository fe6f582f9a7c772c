/** Wire types and calls of sharing: WeChat JS-SDK signing (spec 000 §7, 001 §7). */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/** data.object of shareCalls.shareConfig */
export interface ShareConfig {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

export const shareCalls = {
  /**
   * `registerUrl` is the page URL without its fragment. Code 505 (also for a missing or
   * non-http(s) registerUrl) tells the client to skip share setup.
   */
  shareConfig: endpoint<{ registerUrl?: string }, ObjectData<ShareConfig>>('/wx/js/auth/get/share/config.do', {
    registerUrl: 'optional',
  }),
} as const
