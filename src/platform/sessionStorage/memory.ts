import type { KeyValueStorage } from '../storage/types'

/** Key-value storage that lives as long as this run of the app. */
export function memoryStore(): KeyValueStorage {
  const values = new Map<string, string>()
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  }
}
