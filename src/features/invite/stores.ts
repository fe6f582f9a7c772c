import { makeAutoObservable, runInAction } from 'mobx'
import type { InviteApi, InviteKind } from '../../api/invite'
import { ResponseCode } from '../../../types/api'
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../api/client'
import {
  downloadDescUrl,
  groupOrderData,
  readDownloadDesc,
  readFriendInvite,
  readGroupInvite,
  readGroupOrder,
  storeUrlFor,
} from '../../domain/invite'
import type { FriendInvite, GroupInvite, PasswordWelcomeQuery, PayGroupQuery, StoreUrls } from '../../domain/invite'
import { extractInvitePassword, validateFriendMessage } from '../../domain/validation'
import { messageOf } from '../../domain/errorMessage'
import { t } from '../../locales'
import type { AppLinkPlatform } from '../../platform/appLink/types'
import type { PhoneDialogForm } from '../login'
import '../../locales/packages/invite'

export type Toast = (message: string) => void

export interface InviteDeps {
  api: InviteApi
  appLink: AppLinkPlatform
  toast: Toast
}

/** The transport toasts every refusal but 404, which it hands to the caller: that one is told here. */
function reportNotFound(err: unknown, toast: Toast): void {
  if (err instanceof ApiError && err.code === ResponseCode.NotFound) toast(err.message)
}

/** Spec 000 §8: a watermark call's non-200 answer toasts the server's message; a network error 'err ==' and the error. */
export function watermarkFailure(err: unknown): string {
  const network = err instanceof ApiError && (err.code === NETWORK_ERROR || err.code === TIMEOUT)
  return network || !(err instanceof ApiError) ? t('invite.networkError', { error: messageOf(err) }) : err.message
}

/**
 * The welcome pages (spec 000 §2, §4 "Invite"): tap add, the message dialog (friends) or the bind
 * dialog (the watermark-camera variants), the call, then the success dialog and the 'already
 * installed' overlay.
 */
export type WelcomeStage = 'idle' | 'asking' | 'binding' | 'sent' | 'installed'

export class WelcomeStore {
  stage: WelcomeStage = 'idle'
  sending = false
  /** the watermark-camera account the bind dialog bound, for the validation page that follows */
  boundAccount: string | undefined = undefined

  constructor(
    private readonly deps: InviteDeps,
    readonly kind: InviteKind,
    readonly withPhone: boolean,
    private readonly data: string,
  ) {
    makeAutoObservable<WelcomeStore, 'deps' | 'data'>(this, { deps: false, data: false, kind: false, withPhone: false })
  }

  /** The page's button: the bind dialog, the message dialog (friends) or the join call (groups). */
  start(): void {
    if (this.withPhone) this.stage = 'binding'
    else if (this.kind === 'friend') this.stage = 'asking'
    else void this.send(undefined)
  }

  /** The message dialog's confirm: over 64 characters is a toast; empty or the default phrase sends none. */
  confirmMessage(raw: string): void {
    const checked = validateFriendMessage(raw, t('invite.ask.default'))
    if (!checked.ok) return this.deps.toast(t(checked.errorKey))
    void this.send(checked.value)
  }

  /** Failures are toasted by the transport (spec 000 §8): the dialog stays for another try. */
  private async send(message: string | undefined): Promise<void> {
    if (this.sending) return
    this.sending = true
    try {
      await this.deps.api.add(this.kind, this.data, message)
      runInAction(() => (this.stage = 'sent'))
    } catch (err) {
      reportNotFound(err, this.deps.toast)
    } finally {
      runInAction(() => (this.sending = false))
    }
  }

  /** The bind dialog's code button; a failure is toasted, and rejects so no countdown starts. */
  async sendCode(phone: string, interCode: string): Promise<void> {
    try {
      await this.deps.api.watermarkSms(this.data, phone, interCode)
    } catch (err) {
      this.deps.toast(watermarkFailure(err))
      throw err
    }
  }

  /** The bind dialog's confirm; resolves into the dialog's success screen. */
  async bind(form: PhoneDialogForm): Promise<void> {
    this.boundAccount = undefined
    try {
      await this.deps.api.watermarkBind(this.kind, {
        data: this.data,
        wsid: form.account ?? '',
        phone: form.phone,
        vcode: form.vcode,
        interCode: form.interCode,
      })
      runInAction(() => (this.boundAccount = form.account?.trim() || undefined))
    } catch (err) {
      this.deps.toast(watermarkFailure(err))
      throw err
    }
  }

  cancel(): void {
    this.stage = 'idle'
  }

  showInstalled(): void {
    this.stage = 'installed'
  }
}

type Load<T> = { state: 'loading' } | { state: 'notFound' } | { state: 'error'; message: string } | { state: 'ready'; value: T }

/** What /wXpasswordWelcome shows: a group or a friend invite. */
export type PasswordInvite = { kind: 'group'; invite: GroupInvite } | { kind: 'friend'; invite: FriendInvite }

/** The password a person copies and types into the app: between the markers when it has them. */
export const plainPassword = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : (extractInvitePassword(text) ?? text)

/**
 * /wXpasswordWelcome (spec 001 §2): queries the group (gid) or friend invite; when the visitor asks,
 * copies its password and sends the browser to the store of its device; in WeChat's browser (which
 * blocks stores) the page shows the cover.
 */
export class PasswordWelcomeStore {
  load: Load<PasswordInvite> = { state: 'loading' }

  constructor(
    private readonly deps: InviteDeps,
    private readonly urls: StoreUrls,
  ) {
    makeAutoObservable<PasswordWelcomeStore, 'deps' | 'urls'>(this, { deps: false, urls: false })
  }

  async open(query: PasswordWelcomeQuery): Promise<void> {
    this.load = { state: 'loading' }
    try {
      const invite: PasswordInvite | undefined = query.gid
        ? wrap('group', readGroupInvite(await this.deps.api.groupInvite(query.wmid, query.gid, query.version)))
        : wrap('friend', readFriendInvite(await this.deps.api.friendInvite(query.wmid, query.version)))
      runInAction(() => (this.load = invite ? { state: 'ready', value: invite } : { state: 'notFound' }))
    } catch (err) {
      runInAction(() => (this.load = { state: 'error', message: messageOf(err) }))
    }
  }

  /** The store page of this device, when the platform can go there (not a desktop, not the mini-program). */
  get storeUrl(): string | undefined {
    return this.deps.appLink.canLeave ? storeUrlFor(this.deps.appLink.device(), this.urls) : undefined
  }

  /** Copies the invite's password (before the visitor leaves for the store); false when the platform refused. */
  async copyPassword(password: string): Promise<boolean> {
    try {
      await this.deps.appLink.copy(password)
      return true
    } catch {
      return false
    }
  }

  /** Sends the browser to the store page of this device, when there is one. */
  goToStore(): void {
    const url = this.storeUrl
    if (url) void this.deps.appLink.open(url)
  }
}

function wrap(kind: 'group', invite: GroupInvite | undefined): PasswordInvite | undefined
function wrap(kind: 'friend', invite: FriendInvite | undefined): PasswordInvite | undefined
function wrap(kind: 'group' | 'friend', invite: GroupInvite | FriendInvite | undefined): PasswordInvite | undefined {
  if (invite === undefined) return undefined
  return kind === 'group' ? { kind, invite: invite as GroupInvite } : { kind, invite }
}

/** /downloadWm's description: the remote one, or the built-in one when the fetch fails (spec 001 §7). */
export class DownloadDescStore {
  desc: string | undefined = undefined
  loading = true

  constructor(
    private readonly appLink: AppLinkPlatform,
    private readonly base: string,
    private readonly timeoutMs: number,
  ) {
    makeAutoObservable<DownloadDescStore, 'appLink' | 'base' | 'timeoutMs'>(this, { appLink: false, base: false, timeoutMs: false })
  }

  async load(now: number = Date.now()): Promise<void> {
    let desc: string | undefined
    try {
      desc = readDownloadDesc(await this.appLink.fetchJson(downloadDescUrl(this.base, now), this.timeoutMs))
    } catch {
      desc = undefined
    }
    runInAction(() => {
      this.desc = desc ?? t('invite.dl.builtInDesc')
      this.loading = false
    })
  }
}

/**
 * /pay4group (spec 001 §2, §4): the group, then the order: already bought is joined, otherwise the
 * provider's form is submitted. Coming back with paySuccess, the server's order state decides.
 */
export type PayGroupStage = 'idle' | 'ordering' | 'leaving' | 'joined' | 'lostGroup'

export class PayGroupStore {
  load: Load<GroupInvite> = { state: 'loading' }
  stage: PayGroupStage = 'idle'
  private query: PayGroupQuery | undefined = undefined

  constructor(private readonly deps: InviteDeps) {
    makeAutoObservable<PayGroupStore, 'deps' | 'query'>(this, { deps: false, query: true })
  }

  async open(query: PayGroupQuery): Promise<void> {
    this.query = query
    this.load = { state: 'loading' }
    this.stage = 'idle'
    try {
      const group = readGroupInvite(await this.deps.api.groupInvite(query.wmid, query.gid, undefined))
      runInAction(() => {
        this.load = group ? { state: 'ready', value: group } : { state: 'notFound' }
        // spec 001 §8: paid, but the group is gone
        if (!group && query.paySuccess) this.stage = 'lostGroup'
      })
      if (group?.isNeedPay && query.paySuccess) await this.order(false)
    } catch (err) {
      runInAction(() => (this.load = { state: 'error', message: messageOf(err) }))
    }
  }

  /** The invite password: the link's, else the group's; without markers. */
  get password(): string | undefined {
    const group = this.load.state === 'ready' ? this.load.value : undefined
    return plainPassword(this.query?.password ?? group?.password)
  }

  /** The pay button: bought goes straight to joined; otherwise to the provider (unless only checking). */
  pay(): void {
    void this.order(true)
  }

  private async order(leave: boolean): Promise<void> {
    const { query, password } = this
    if (!query || password === undefined || this.stage === 'ordering') return
    this.stage = 'ordering'
    try {
      const order = readGroupOrder(await this.deps.api.groupOrder(groupOrderData(query, password)))
      if (!order) {
        this.deps.toast(t('invite.pay.orderFailed'))
        runInAction(() => (this.stage = 'idle'))
        return
      }
      const left = order.kind === 'pay' && leave && this.deps.appLink.submitForm(order.formHTML)
      runInAction(() => {
        this.stage = order.kind === 'bought' ? 'joined' : left ? 'leaving' : 'idle'
      })
    } catch (err) {
      reportNotFound(err, this.deps.toast)
      runInAction(() => (this.stage = 'idle'))
    }
  }

  dismiss(): void {
    this.stage = 'idle'
  }
}
