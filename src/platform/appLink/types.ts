import type { Device } from '../../domain/invite'

/**
 * Leaving the page for an app store, the app itself or a payment provider (spec 001 §2: the invite,
 * share and download pages). The H5 site can; the mini-program cannot (no store redirect, no custom
 * scheme, no provider form), so there each page offers what a mini-program user can do instead:
 * copy the link or the password, with an explanation (`canLeave` false).
 */
export interface AppLinkPlatform {
  /** false in the mini-program: pages show the copy-and-explain alternative */
  readonly canLeave: boolean
  /** the device, for the store it is sent to */
  device(): Device
  /** inside WeChat's in-app browser, which blocks stores and schemes: pages show the open-in-browser cover */
  inWechatBrowser(): boolean
  /** H5: goes to the URL (a store page, a scheme); mini-program: copies it (resolves when copied) */
  open(url: string): Promise<void>
  /** H5: puts the provider's form into the page and submits it; false when there is no form to submit (or in the mini-program) */
  submitForm(html: string): boolean
  /** copies text to the clipboard (rejects when the platform refuses) */
  copy(text: string): Promise<void>
  /** GETs a JSON document from any host (the remote download description); rejects on failure or timeout */
  fetchJson(url: string, timeoutMs: number): Promise<unknown>
}
