import { makeAutoObservable, runInAction } from 'mobx'
import { ApiError } from '../../api/client'
import type { VipApi, VipEligibility, VipFriend, VipSlots } from '../../api/vip'
import { VipLoginNeeded, VipNotFound, VipNotOwner, VipRefused } from '../../api/vip'
import type { MessageKey } from '../../locales'
import { readVipCampaignRules } from '../../domain/vip'
import type { VipCampaignRules } from '../../domain/vip'
import '../../locales/packages/vip'

/** What failed, worded by the screen: a locale key, or the transport's own message (network, timeout). */
export type Failure = { key: MessageKey } | { text: string }

const failureOf = (err: unknown, fallback: MessageKey): Failure =>
  err instanceof ApiError && err.message ? { text: err.message } : { key: fallback }

/**
 * Why the page cannot act for this visitor: nobody is logged in (`login`: the page asks the owner to
 * log in), or someone other than the link's owner is (`notOwner`: the page says what they can do).
 */
export type VipAccess = 'login' | 'notOwner'

/** The access problem a failed call means, if it means one. */
export const accessOf = (err: unknown): VipAccess | undefined =>
  err instanceof VipLoginNeeded ? 'login' : err instanceof VipNotOwner ? 'notOwner' : undefined

export type EligibilityState =
  | { kind: 'loading' }
  | { kind: 'error'; failure: Failure }
  | { kind: 'loaded'; eligibility: VipEligibility; campaign: VipCampaignRules }

/**
 * /vipExchange2: the group's numbers and eligibility, the rules and confirm dialogs, the exchange;
 * and /vipExchange's campaign (its days and quota table, as the server holds them).
 */
export class EligibilityStore {
  state: EligibilityState = { kind: 'loading' }
  dialog: 'none' | 'rules' | 'confirm' = 'none'
  exchanging = false
  exchangeError: Failure | undefined = undefined
  /** set when the exchange was refused for who is asking (a session that ended meanwhile) */
  private refusedAccess: VipAccess | undefined = undefined

  constructor(
    private readonly api: VipApi,
    readonly data: string,
  ) {
    makeAutoObservable<EligibilityStore, 'api'>(this, { api: false, data: false })
  }

  /** Who may not exchange here: the server's `viewer` (guest, someone else), or a refused exchange. */
  get access(): VipAccess | undefined {
    if (this.refusedAccess) return this.refusedAccess
    if (this.state.kind !== 'loaded') return undefined
    const { viewer } = this.state.eligibility
    return viewer === 'guest' ? 'login' : viewer === 'other' ? 'notOwner' : undefined
  }

  async load(): Promise<void> {
    this.state = { kind: 'loading' }
    this.refusedAccess = undefined
    try {
      const eligibility = await this.api.eligibility(this.data)
      // the campaign's rules are read as the server's other answers are: unreadable ones are a failed load
      const campaign = readVipCampaignRules(eligibility.campaign)
      runInAction(() => (this.state = 'table' in campaign ? { kind: 'loaded', eligibility, campaign } : { kind: 'error', failure: { key: 'vip.loadFailed' } }))
    } catch (err) {
      const failure: Failure = err instanceof VipNotFound ? { key: 'vip.unknownLink' } : failureOf(err, 'vip.loadFailed')
      runInAction(() => (this.state = { kind: 'error', failure }))
    }
  }

  get eligible(): boolean {
    return this.state.kind === 'loaded' && this.state.eligibility.reason === ''
  }

  showRules(): void {
    this.dialog = 'rules'
  }

  askConfirm(): void {
    if (this.eligible && !this.access && !this.exchanging) this.dialog = 'confirm'
  }

  closeDialog(): void {
    this.dialog = 'none'
  }

  /** True when the exchange is made (the screen goes on to the slots). A refusal reloads the reason. */
  async exchange(): Promise<boolean> {
    if (!this.eligible || this.exchanging) return false
    this.dialog = 'none'
    this.exchanging = true
    this.exchangeError = undefined
    try {
      await this.api.exchange(this.data)
      return true
    } catch (err) {
      runInAction(() => {
        this.refusedAccess = accessOf(err)
        if (this.refusedAccess) return
        this.exchangeError = err instanceof VipRefused ? { text: err.message } : failureOf(err, 'vip.exchangeFailed')
      })
      if (err instanceof VipRefused) await this.load()
      return false
    } finally {
      runInAction(() => (this.exchanging = false))
    }
  }
}

export type SlotsState =
  | { kind: 'loading' }
  | { kind: 'error'; failure: Failure }
  | { kind: 'access'; access: VipAccess }
  | { kind: 'loaded'; slots: VipSlots }

/** /vipExchange3: the slots won, reloaded each time the page shows (a redeem on step 4 shows here). */
export class SlotsStore {
  state: SlotsState = { kind: 'loading' }

  constructor(
    private readonly api: VipApi,
    readonly data: string,
  ) {
    makeAutoObservable<SlotsStore, 'api'>(this, { api: false, data: false })
  }

  async load(): Promise<void> {
    // a reload keeps the list on screen until the new one arrives
    if (this.state.kind !== 'loaded') this.state = { kind: 'loading' }
    try {
      const slots = await this.api.slots(this.data)
      runInAction(() => (this.state = { kind: 'loaded', slots }))
    } catch (err) {
      const access = accessOf(err)
      let failure = failureOf(err, 'vip.slots.loadFailed')
      if (err instanceof VipRefused) failure = { text: err.message }
      if (err instanceof VipNotFound) failure = { key: 'vip.unknownLink' }
      runInAction(() => (this.state = access ? { kind: 'access', access } : { kind: 'error', failure }))
    }
  }
}

/** /vipExchange4: the friend's ID, the confirm panel with that friend, and the redeem. */
export class FriendStore {
  input = ''
  inputError: Failure | undefined = undefined
  friend: VipFriend | undefined = undefined
  busy: 'none' | 'looking' | 'opening' = 'none'
  redeemError: Failure | undefined = undefined
  /** a lookup or redeem refused for who is asking: the page shows the login or not-owner card */
  access: VipAccess | undefined = undefined

  constructor(
    private readonly api: VipApi,
    readonly data: string,
    readonly slotNumber: number,
  ) {
    makeAutoObservable<FriendStore, 'api'>(this, { api: false, data: false, slotNumber: false })
  }

  setInput(value: string): void {
    this.input = value
    this.inputError = undefined
  }

  /** Looks the ID up; a known one opens the confirm panel. */
  async submit(): Promise<void> {
    if (this.busy !== 'none') return
    const friendId = this.input.trim()
    if (!friendId) {
      this.inputError = { key: 'vip.friend.empty' }
      return
    }
    this.busy = 'looking'
    this.inputError = undefined
    try {
      const friend = await this.api.friend(this.data, friendId)
      runInAction(() => {
        this.friend = friend
        this.redeemError = undefined
      })
    } catch (err) {
      runInAction(() => {
        this.access = accessOf(err)
        if (this.access) return
        this.inputError = err instanceof VipNotFound ? { key: 'vip.friend.unknown' } : failureOf(err, 'vip.friend.lookupFailed')
      })
    } finally {
      runInAction(() => (this.busy = 'none'))
    }
  }

  /** After a login: the page may act again. */
  loggedIn(): void {
    this.access = undefined
  }

  /** Back to the ID field to pick someone else. */
  change(): void {
    this.friend = undefined
    this.redeemError = undefined
  }

  /** True when the friend has their VIP (the screen goes back to the slots). */
  async confirm(): Promise<boolean> {
    const friend = this.friend
    if (!friend || this.busy !== 'none') return false
    this.busy = 'opening'
    this.redeemError = undefined
    try {
      await this.api.redeem(this.data, this.slotNumber, friend.friendId)
      return true
    } catch (err) {
      runInAction(() => {
        this.access = accessOf(err)
        if (this.access) return
        if (err instanceof VipRefused) this.redeemError = { text: err.message }
        else if (err instanceof VipNotFound) this.redeemError = { key: 'vip.friend.unknown' }
        else this.redeemError = failureOf(err, 'vip.redeem.failed')
      })
      return false
    } finally {
      runInAction(() => (this.busy = 'none'))
    }
  }
}
