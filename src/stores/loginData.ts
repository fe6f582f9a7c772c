import { makeAutoObservable } from 'mobx'
import type { LoginData, SessionData } from '../../types/login'
import { isRecord } from '../domain/coerce'
import { parseJsonParam } from '../domain/routeParams'
import { STORAGE_KEYS } from '../domain/storageKeys'
import type { KeyValueStorage } from '../platform/storage/types'
import type { SessionStore } from './session'

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined

const optionalNumber = (value: unknown): number | undefined => {
  const n = Number(value)
  return value !== undefined && Number.isFinite(n) ? n : undefined
}

/**
 * Login data as the login round trip hands it over (a JSON text in the URL, possibly URL-encoded once
 * more) or as storage keeps it. Without a `loginData` credential there is nothing to log in with.
 */
export function readLoginData(raw: string | undefined): LoginData | undefined {
  const json = parseJsonParam(raw, 1)
  const value = json.ok ? json.value : undefined
  if (!isRecord(value)) return undefined
  const loginData = optionalText(value.loginData)
  if (!loginData) return undefined
  const optional: Omit<LoginData, 'loginData' | 'isWeMaiUser'> = {
    courseData: optionalText(value.courseData),
    courseType: optionalNumber(value.courseType),
    encryptKey: optionalText(value.encryptKey),
    token: optionalText(value.token),
    userid: optionalText(value.userid),
    fromType: optionalNumber(value.fromType),
    nickname: optionalText(value.nickname),
    faceIcon: optionalText(value.faceIcon),
  }
  const present = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined))
  return { loginData, isWeMaiUser: Number(value.isWeMaiUser) === 1 ? 1 : 0, ...present }
}

/**
 * The visitor's login data (spec 001 §3), kept in storage under `loginData` as JSON. When it carries
 * a session (token and userid) the session store gets it too, so calls identify the buyer.
 */
export class LoginDataStore {
  data: LoginData | undefined

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly session: SessionStore,
  ) {
    this.data = readLoginData(storage.get(STORAGE_KEYS.loginData))
    makeAutoObservable<LoginDataStore, 'storage' | 'session'>(this, { storage: false, session: false })
  }

  /** `isWeMaiUser` 1: a registered product user, who may buy without binding a phone. */
  get isProductUser(): boolean {
    return this.data?.isWeMaiUser === 1
  }

  save(data: LoginData): void {
    this.data = data
    this.storage.set(STORAGE_KEYS.loginData, JSON.stringify(data))
    if (data.token && data.userid) {
      this.session.save({ token: data.token, userid: data.userid, encryptKey: data.encryptKey ?? '' })
    }
  }

  /** Code 601 (spec 000 "Session expiry"): the login data and the session it gave are both stale. */
  clear(): void {
    this.data = undefined
    this.storage.remove(STORAGE_KEYS.loginData)
    this.session.clear()
  }

  /** Phone binding made the visitor a product user with this session. */
  bound(session: SessionData): void {
    if (this.data) this.save({ ...this.data, isWeMaiUser: 1, ...session })
    else this.session.save(session)
  }
}
