import type { ShareConfig } from '../../../types/share'

/** What a shared lesson shows in a chat or on the timeline. */
export interface ShareContent {
  title: string
  /** spec 001 §7: "exported from the app" */
  desc: string
  imageUrl: string
  link: string
}

export interface ShareDeps {
  /** The server's JS-SDK signature for a page URL without its fragment; undefined skips the setup (505). */
  shareConfig(registerUrl: string): Promise<ShareConfig | undefined>
}

/**
 * One step of the share set-up and how it went, for /testWmJsApi, which shows them.
 * `browser`: skipped outside WeChat's browser; `config`: the signature call (skipped on 505);
 * `sdk`: loading the JS-SDK; `wxConfig`: wx.ready (ok) or wx.error (failed); `appMessage` and
 * `timeline`: the share data; `menu`: the mini-program's share menu.
 */
export interface ShareStep {
  name: 'browser' | 'config' | 'sdk' | 'wxConfig' | 'appMessage' | 'timeline' | 'menu'
  outcome: 'ok' | 'skipped' | 'failed'
  /** what WeChat said, when it said something */
  detail?: string
}

export interface ShareGateway {
  /**
   * Offers the page for sharing with this content. WeChat's browser: JS-SDK config and share data.
   * Mini-program: shows the share menu; the page answers onShareAppMessage / onShareTimeline itself.
   * Anywhere else: nothing (a browser's own share shares the URL).
   */
  setShareContent(content: ShareContent, onStep?: (step: ShareStep) => void): Promise<void>
}
