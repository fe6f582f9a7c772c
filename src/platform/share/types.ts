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

export interface ShareGateway {
  /**
   * Offers the page for sharing with this content. WeChat's browser: JS-SDK config and share data.
   * Mini-program: shows the share menu; the page answers onShareAppMessage / onShareTimeline itself.
   * Anywhere else: nothing (a browser's own share shares the URL).
   */
  setShareContent(content: ShareContent): Promise<void>
}
