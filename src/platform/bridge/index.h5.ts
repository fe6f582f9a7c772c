import type { NativeBridge, NativeUserInfo } from './types'

export type { NativeBridge, NativeFile, NativeUserInfo } from './types'

/**
 * What the native app's web view injects: the WebViewJavascriptBridge of its iOS and Android
 * shells, `callHandler(name, data, callback)` with JSON text both ways.
 */
interface InjectedBridge {
  callHandler(name: string, data: string, callback?: (answer: unknown) => void): void
}

/** The app may be slow to answer, or never answer a call it does not know. */
const ANSWER_TIMEOUT_MS = 3000

function injected(): InjectedBridge | undefined {
  const candidate = (globalThis as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge
  return typeof candidate === 'object' && candidate !== null && typeof (candidate as InjectedBridge).callHandler === 'function'
    ? (candidate as InjectedBridge)
    : undefined
}

function call(name: string, data: unknown): boolean {
  const bridge = injected()
  if (!bridge) return false
  try {
    bridge.callHandler(name, JSON.stringify(data))
    return true
  } catch {
    return false
  }
}

function readUser(answer: unknown): NativeUserInfo | null {
  let value = answer
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (typeof value !== 'object' || value === null) return null
  const { userid, encryptData, nickname } = value as Record<string, unknown>
  const id = typeof userid === 'number' && Number.isSafeInteger(userid) ? String(userid) : userid
  if (typeof id !== 'string' || id === '') return null
  return { userid: id, encryptData: typeof encryptData === 'string' ? encryptData : '', nickname: typeof nickname === 'string' ? nickname : '' }
}

export const nativeBridge: NativeBridge = {
  available: () => injected() !== undefined,
  getUserInfo: () =>
    new Promise((resolve) => {
      const bridge = injected()
      if (!bridge) {
        resolve(null)
        return
      }
      const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS)
      try {
        bridge.callHandler('getUserInfo', '{}', (answer) => {
          clearTimeout(timer)
          resolve(readUser(answer))
        })
      } catch {
        clearTimeout(timer)
        resolve(null)
      }
    }),
  openFileMsg: (file) => call('openFileMsg', file),
  openVideo: (url) => call('openVideo', { url }),
  openImg: (url, urls) => call('openImg', { url, urls }),
  photoMenu: (url) => call('photoMenu', { url }),
}
