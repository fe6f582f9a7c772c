import type { KeyValueStorage } from '../storage/types'
import { memoryStore } from './memory'

/** The tab's sessionStorage; where the browser refuses it (storage off), memory for this page's life. */
function tabStore(): KeyValueStorage {
  try {
    const store = window.sessionStorage
    return {
      get: (key) => store.getItem(key) || undefined,
      set: (key, value) => {
        try {
          store.setItem(key, value)
        } catch {
          // over quota or refused: the visit goes on without it
        }
      },
      remove: (key) => store.removeItem(key),
    }
  } catch {
    return memoryStore()
  }
}

export const sessionStore: KeyValueStorage = tabStore()
