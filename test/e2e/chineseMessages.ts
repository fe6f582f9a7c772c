/**
 * Issue 34 item 1: a Chinese reader never reads a message in English. Every page the harness opens
 * (zh-CN) watches, from its first paint to its last, the texts that tell the reader something went
 * wrong or happened: toasts, dialogs (ours and Taro's), error states and alerts. A text with Latin
 * letters and no Chinese character is recorded with the page it showed on, however briefly (a toast
 * lasts a second); the harness fails the journey on it at the next screenshot and at the end.
 */
import type { BrowserContext, Page } from 'playwright-core'

/** Each message part on its own: a dialog's English body under a Chinese title is still English. */
export const MESSAGE_PARTS = [
  '.platform-toast',
  '.ui-dialog__title',
  '.ui-dialog__text',
  '.taro-modal__title',
  '.taro-modal__content',
  '.taro__toast',
  '.state-view--error .state-view__title',
  '.state-view--error .state-view__detail',
  '[role="alert"]',
].join(', ')

export interface EnglishMessage {
  page: Page
  where: string
  text: string
}

const BINDING = '__e2eEnglishMessage'

/** Runs in the page: reports each message part written only in ASCII letters, once per text. */
function watch({ binding, parts }: { binding: string; parts: string }): void {
  const seen = new Set<string>()
  const report = (window as unknown as Record<string, (where: string, text: string) => void>)[binding]
  const scan = (): void => {
    // a page the reader chose to read in English is not checked
    if (!/^zh/i.test(navigator.language) || /^en/i.test(document.documentElement.lang)) return
    for (const element of document.querySelectorAll(parts)) {
      const text = (element.textContent ?? '').trim()
      if (!/[A-Za-z]/.test(text) || /\p{Script=Han}/u.test(text) || seen.has(text)) continue
      seen.add(text)
      report(`${location.pathname}${location.search} ${element.className || element.getAttribute('role')}`, text)
    }
  }
  const start = (): void => {
    new MutationObserver(scan).observe(document.documentElement, { subtree: true, childList: true, characterData: true })
    scan()
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
  else start()
}

/** Starts the watch in every page of `context`; what it finds goes to `found`. */
export async function watchForEnglish(context: BrowserContext, found: EnglishMessage[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, where: string, text: string) => {
    found.push({ page, where, text })
  })
  await context.addInitScript(watch, { binding: BINDING, parts: MESSAGE_PARTS })
}

/** Throws, naming each, when one of `shown` was shown. */
export function expectNoEnglish(shown: readonly EnglishMessage[]): void {
  if (shown.length === 0) return
  const list = shown.map((message) => `  ${message.where}: ${JSON.stringify(message.text)}`).join('\n')
  throw new Error(`a zh-CN screen showed a message in English only:\n${list}`)
}
