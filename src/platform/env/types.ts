/** Where the app runs and what that allows (docs/ARCHITECTURE.md "Platform"). */
export interface PlatformEnv {
  readonly kind: 'miniProgram' | 'web'
  /** Base URL of the API; '' means the page's own origin. */
  apiBase(): string
  /** Inside the chat app's (WeChat's) in-app browser. Always false in the mini-program. */
  inWechatBrowser(): boolean
  /** Background continuous play exists only in the mini-program. */
  readonly supportsBackgroundAudio: boolean
  /** Human-readable API host for the launcher page. */
  apiHostLabel(): string
  /**
   * The address the app was opened on (path, query and hash) where the platform has one (H5),
   * known before any page's code has loaded; undefined in the mini-program.
   */
  launchUrl(): string | undefined
  /** The height of the page's viewport in px. */
  windowHeight(): number
  /** The system's language tag (zh-CN, en-US, …). */
  language(): string
}
