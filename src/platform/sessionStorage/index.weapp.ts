import type { KeyValueStorage } from '../storage/types'
import { memoryStore } from './memory'

/** The mini-program has no session storage: this run of the app is the visit. */
export const sessionStore: KeyValueStorage = memoryStore()
