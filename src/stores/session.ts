import { makeAutoObservable } from 'mobx'
import type { SessionData } from '../../types/login'
import { STORAGE_KEYS } from '../domain/storageKeys'
import type { KeyValueStorage } from '../platform/storage/types'

function readSession(raw: string | undefined): SessionData | undefined {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return undefined
    const { token, userid, encryptKey } = value as Record<string, unknown>
    if (typeof token !== 'string' || typeof userid !== 'string' || !token || !userid) return undefined
    return { token, userid, encryptKey: typeof encryptKey === 'string' ? encryptKey : '' }
  } catch {
    return undefined
  }
}

export class SessionStore {
  data: SessionData | undefined

  constructor(private readonly storage: KeyValueStorage) {
    this.data = readSession(storage.get(STORAGE_KEYS.session))
    makeAutoObservable<SessionStore, 'storage'>(this, { storage: false })
  }

  get loggedIn(): boolean {
    return this.data !== undefined
  }

  get userId(): string | undefined {
    return this.data?.userid
  }

  /** Headers the backend reads a seller/admin/user session from (spec 000 §6). */
  get headers(): Record<string, string> {
    return this.data ? { userid: this.data.userid, token: this.data.token } : {}
  }

  save(data: SessionData): void {
    this.data = data
    this.storage.set(STORAGE_KEYS.session, JSON.stringify(data))
  }

  clear(): void {
    this.data = undefined
    this.storage.remove(STORAGE_KEYS.session)
  }
}
