import { makeAutoObservable, runInAction } from 'mobx'
import type { PhoneBindPayload } from '../../../types/login'
import type { LoginApi } from '../../api/login'
import type { BoughtItem, IncomeSummary, MoneyApi, SellingLesson, SellingLive } from '../../api/money'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import type { AuthGateway } from '../../platform/auth/types'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { LoginDataStore } from '../../stores/loginData'
import type { SessionStore } from '../../stores/session'
import { Pager } from '../../ui/pager'

/** spec 001 §4: segment 0 bought / 1 on sale and share; pay type 0 lesson / 1 live. */
export type Segment = 'bought' | 'selling'
export type Kind = 'lesson' | 'live'

/** One row of the profile list, whichever list it is. */
export type ProfileItem =
  | { list: 'bought'; item: BoughtItem }
  | { list: 'sellingLesson'; item: SellingLesson }
  | { list: 'sellingLive'; item: SellingLive }

/** Who is looking: nobody, a visitor who must bind a phone first (spec 001 §6), or a user with a session. */
export type Viewer = 'loggedOut' | 'mustBind' | 'user'

export interface ProfileDeps {
  money: MoneyApi
  login: LoginApi
  auth: AuthGateway
  storage: KeyValueStorage
  loginData: LoginDataStore
  session: SessionStore
  messageOf: (err: unknown) => string
}

const SEGMENTS: readonly Segment[] = ['bought', 'selling']
const KINDS: readonly Kind[] = ['lesson', 'live']

function remembered<T>(storage: KeyValueStorage, key: string, values: readonly T[]): T {
  const index = Number(storage.get(key))
  return Number.isInteger(index) && index >= 0 && index < values.length ? values[index] : values[0]
}

/**
 * /profile ('personal center', spec 001 §2, §4): who is logged in, the bought or selling list of
 * lessons or lives (both choices remembered; changing either starts again at page 1), and for a
 * seller the income summary.
 */
export class ProfileStore {
  segment: Segment
  kind: Kind
  pager: Pager<ProfileItem>
  summary: IncomeSummary | undefined = undefined
  summaryError: string | undefined = undefined
  /** the login call failed: its message */
  loginError: string | undefined = undefined
  loggingIn = false

  constructor(private readonly deps: ProfileDeps) {
    this.segment = remembered(deps.storage, STORAGE_KEYS.profileSegment, SEGMENTS)
    this.kind = remembered(deps.storage, STORAGE_KEYS.profilePayType, KINDS)
    this.pager = this.newPager()
    makeAutoObservable<ProfileStore, 'deps'>(this, { deps: false })
  }

  get viewer(): Viewer {
    if (this.deps.session.loggedIn) return 'user'
    return this.deps.loginData.data ? 'mustBind' : 'loggedOut'
  }

  get nickname(): string {
    return this.deps.loginData.data?.nickname ?? this.deps.session.userId ?? ''
  }

  get faceIcon(): string {
    return this.deps.loginData.data?.faceIcon ?? ''
  }

  /** Stores login data the route carried (the login return); the screen continues 50 ms later. */
  receiveLoginData(data: Parameters<LoginDataStore['save']>[0]): void {
    this.deps.loginData.save(data)
  }

  /** Loads what the viewer sees: the list and, for the selling segment, the summary. */
  load(): void {
    if (this.viewer !== 'user') return
    void this.pager.loadMore()
    if (this.segment === 'selling') void this.loadSummary()
  }

  refresh(): Promise<unknown> {
    return Promise.all([this.pager.refresh(), this.segment === 'selling' ? this.loadSummary() : undefined])
  }

  async loadSummary(): Promise<void> {
    this.summaryError = undefined
    try {
      const summary = await this.deps.money.summary()
      runInAction(() => (this.summary = summary))
    } catch (err) {
      runInAction(() => (this.summaryError = this.deps.messageOf(err)))
    }
  }

  select(segment: Segment): void {
    if (segment === this.segment) return
    this.segment = segment
    this.deps.storage.set(STORAGE_KEYS.profileSegment, String(SEGMENTS.indexOf(segment)))
    this.restart()
  }

  selectKind(kind: Kind): void {
    if (kind === this.kind) return
    this.kind = kind
    this.deps.storage.set(STORAGE_KEYS.profilePayType, String(KINDS.indexOf(kind)))
    this.restart()
  }

  /** Login type 1 (spec 001 §7 getWxLoginUrl): H5 leaves for the login page and comes back here with data. */
  async logIn(): Promise<void> {
    this.loggingIn = true
    this.loginError = undefined
    try {
      const outcome = await this.deps.auth.login({ type: 1 })
      runInAction(() => {
        this.loggingIn = false
        if (outcome.kind === 'loggedIn') {
          this.deps.loginData.save(outcome.data)
          this.restart()
        }
      })
    } catch (err) {
      runInAction(() => {
        this.loggingIn = false
        this.loginError = this.deps.messageOf(err)
      })
    }
  }

  /**
   * Logs out on the server too (the credential and the session end there, so a copy of them is
   * refused), then here. Here it always ends; a server that could not be told is said on the
   * logged-out screen.
   */
  async logOut(): Promise<void> {
    const loginData = this.deps.loginData.data?.loginData
    let failure: string | undefined
    try {
      await this.deps.login.logout(loginData)
    } catch (err) {
      failure = this.deps.messageOf(err)
    }
    runInAction(() => {
      this.deps.loginData.clear()
      this.summary = undefined
      this.pager = this.newPager()
      this.loginError = failure
    })
  }

  sendCode(phone: string, interCode: string): Promise<void> {
    return this.deps.login.sendSms(phone, interCode)
  }

  /** Binding makes the visitor a product user with a session; then the lists load. */
  async bindPhone(payload: PhoneBindPayload): Promise<void> {
    const loginData = this.deps.loginData.data?.loginData
    if (!loginData) throw new Error('no login data to bind a phone to')
    const session = await this.deps.login.bindPhone(payload, loginData)
    runInAction(() => this.deps.loginData.bound(session))
  }

  bindDone(): void {
    this.restart()
  }

  private restart(): void {
    this.pager = this.newPager()
    this.load()
  }

  private newPager(): Pager<ProfileItem> {
    const { money } = this.deps
    const segment = this.segment
    const kind = this.kind
    return new Pager<ProfileItem>(
      async (page) => {
        if (segment === 'bought') {
          const result = await money.bought(kind === 'lesson' ? 1 : 2, page)
          return { items: result.items.map((item) => ({ list: 'bought', item })), end: result.end }
        }
        if (kind === 'lesson') {
          const result = await money.salesLessons(page)
          return { items: result.items.map((item) => ({ list: 'sellingLesson', item })), end: result.end }
        }
        const result = await money.salesLives(page)
        return { items: result.items.map((item) => ({ list: 'sellingLive', item })), end: result.end }
      },
      { messageOf: this.deps.messageOf },
    )
  }
}
