/**
 * What the H5 app keeps in the browser, read and written the way Taro H5 storage does:
 * `Taro.setStorageSync(key, value)` stores `localStorage[key] = JSON.stringify({ data: value })`,
 * and the app's values are themselves JSON texts (session, loginData) or plain strings (lessonwd).
 */
import type { Locator, Page } from 'playwright-core'

/** The storage keys the app uses (src/stores/session.ts, src/stores/purchase.ts). */
export const STORAGE = {
  session: 'session',
  loginData: 'loginData',
  lessonPassword: 'lessonwd',
} as const

export interface StoredSession {
  token: string
  userid: string
  encryptKey: string
}

export interface StoredLoginData {
  loginData: string
  isWeMaiUser: 0 | 1
  token?: string
  userid?: string
  courseData?: string
  courseType?: number
}

/** The Taro storage value of `key`, or undefined when absent or not written by Taro. */
export async function readStorage(page: Page, key: string): Promise<string | undefined> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key)
  if (raw === null) return undefined
  const wrapped: unknown = JSON.parse(raw)
  const data = typeof wrapped === 'object' && wrapped !== null ? (wrapped as { data?: unknown }).data : undefined
  return typeof data === 'string' ? data : undefined
}

export async function readJson<T>(page: Page, key: string): Promise<T | undefined> {
  const text = await readStorage(page, key)
  return text === undefined ? undefined : (JSON.parse(text) as T)
}

/**
 * Seeds Taro storage before the app's first script runs, once per tab: a reload or a later
 * navigation in the same tab sees whatever the app left, as a returning visitor would.
 */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  const wrapped = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, JSON.stringify({ data: v })]))
  await page.addInitScript((values: Record<string, string>) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    sessionStorage.setItem('e2e-seeded', '1')
  }, wrapped)
}

/** A signed-in buyer as the login round trip leaves them: login data and its session. */
export function loggedInAs(user: { loginData: string; token: string; userid: string }): Record<string, string> {
  const session: StoredSession = { token: user.token, userid: user.userid, encryptKey: '' }
  const loginData: StoredLoginData = { loginData: user.loginData, isWeMaiUser: 1, token: user.token, userid: user.userid }
  return { [STORAGE.session]: JSON.stringify(session), [STORAGE.loginData]: JSON.stringify(loginData) }
}

/** The path of the page's URL (the H5 router uses browser history). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

/** Only what is on screen: Taro keeps pages of the stack in the DOM, hidden. */
export function shown(page: Page, selector: string): Locator {
  return page.locator(selector).filter({ visible: true })
}

/** Whether a Taro H5 button is disabled: H5's Button (platform/components/basic.h5.ts) has the attribute only then. */
export function isDisabled(button: Locator): Promise<boolean> {
  return button.evaluate((el) => el.hasAttribute('disabled'))
}

/** Whether the element is wholly on screen, as a reader scrolled to it would see it. */
export function isInViewport(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const rect = el.getBoundingClientRect()
    return rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight
  })
}
