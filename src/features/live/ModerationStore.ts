import { makeAutoObservable, runInAction } from 'mobx'
import { ChatroomError, type ChatroomClient, type ChatroomErrorKind, type ChatroomInfo, type ChatroomMemberChange, type ChatroomMemberInfo, type ChatroomModeration } from '../../im'

/** The temporary mutes the panel offers, in seconds: 10 minutes, 1 hour, 1 day. */
export const MUTE_DURATIONS_S = [600, 3600, 86_400] as const
export type MuteDuration = (typeof MUTE_DURATIONS_S)[number]
/** The longest announcement the room keeps (server/chatroom/rules.ts MAX_ANNOUNCEMENT_LENGTH). */
export const ANNOUNCEMENT_MAX_LENGTH = 1000

/** What the panel shows. */
export type ModerationView =
  /** no tools were given for this room's carrier */
  | { kind: 'unavailable' }
  /** the viewer is neither the room's owner nor a manager */
  | { kind: 'notModerator' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: ChatroomErrorKind }
  | { kind: 'ready' }
  /** the room was closed (by this host) */
  | { kind: 'closed' }

/** An action the panel may take; a member's actions name the member. */
export type ModerationAction =
  | { kind: 'kick'; account: string }
  | { kind: 'mute'; account: string; seconds: number }
  | { kind: 'blacklist'; account: string; on: boolean }
  | { kind: 'roomMute'; on: boolean }
  | { kind: 'announcement' }
  | { kind: 'close' }

/** The last action that failed and why: the panel tells the user. */
export interface ModerationFailure {
  action: ModerationAction
  error: ChatroomErrorKind
}

const errorKind = (error: unknown): ChatroomErrorKind => (error instanceof ChatroomError ? error.kind : 'refused')
const isModerator = (member: Pick<ChatroomMemberInfo, 'type'>): boolean => member.type === 'owner' || member.type === 'manager'
/** Moderators first, then online before offline, then by name. */
const order = (a: ChatroomMemberInfo, b: ChatroomMemberInfo): number =>
  Number(isModerator(b)) - Number(isModerator(a)) || Number(b.online) - Number(a.online) || a.nick.localeCompare(b.nick)

/**
 * The host's moderation panel on /liveHomeAdmin (issue 29, item 5; spec 001 §5-§7): the room's
 * members with kick, temporary mute and blacklist, the whole room's mute, the announcement and
 * closing the room. The room decides who may act; this store asks, shows each answer, keeps the
 * list current from what the room tells every member, and says why an action failed.
 */
export class ModerationStore {
  view: ModerationView = { kind: 'loading' }
  room: ChatroomInfo | undefined = undefined
  members: ChatroomMemberInfo[] = []
  /** the action waiting for the room's answer (one at a time) */
  pending: ModerationAction | undefined = undefined
  failure: ModerationFailure | undefined = undefined
  /** the last action that worked and the name of the member it was on, for the status line screen readers announce */
  done: { action: ModerationAction; name: string } | undefined = undefined
  private readonly unsubscribe: Array<() => void> = []
  private readonly tools: ChatroomModeration | undefined

  constructor(
    private readonly client: ChatroomClient,
    /** the account this host entered with, and its member type in the room */
    private readonly self: Pick<ChatroomMemberInfo, 'account' | 'type'>,
    /** the room's own tools (the local room's socket), or NetEase's through our server (src/im/netease/NeteaseModeration.ts) */
    tools: ChatroomModeration | undefined = client.moderation,
  ) {
    this.tools = tools
    makeAutoObservable<ModerationStore, 'client' | 'self' | 'unsubscribe' | 'tools'>(this, { client: false, self: false, unsubscribe: false, tools: false })
    if (!this.tools) this.view = { kind: 'unavailable' }
    else if (!isModerator(self)) this.view = { kind: 'notModerator' }
    else this.unsubscribe.push(this.tools.onMember((member) => this.memberChanged(member)), this.tools.onRoom((room) => this.roomChanged(room)))
  }

  get isOwner(): boolean {
    return this.self.type === 'owner'
  }

  /** Whether this host may act on `member` (the room's rule: the owner on anyone else, a manager on everyone but the owner and managers). */
  canAct(member: ChatroomMemberInfo): boolean {
    if (member.account === this.self.account || member.type === 'owner') return false
    return this.isOwner || member.type !== 'manager'
  }

  isPending(action: ModerationAction): boolean {
    const p = this.pending
    if (!p || p.kind !== action.kind) return false
    return !('account' in action) || ('account' in p && p.account === action.account)
  }

  /** The room and its members but this host: online guests and the fixed members (owner, managers, the marked). */
  async load(): Promise<void> {
    const tools = this.tools
    if (!tools || this.view.kind === 'unavailable' || this.view.kind === 'notModerator') return
    this.view = { kind: 'loading' }
    try {
      const [room, fixed, guests] = await Promise.all([tools.room(), this.client.members(false), this.client.members(true)])
      runInAction(() => {
        this.room = room
        const byAccount = new Map<string, ChatroomMemberInfo>()
        for (const m of [...fixed, ...guests]) if (m.account !== this.self.account) byAccount.set(m.account, m)
        this.members = [...byAccount.values()].sort(order)
        this.view = { kind: 'ready' }
      })
    } catch (error) {
      runInAction(() => (this.view = { kind: 'failed', error: errorKind(error) }))
    }
  }

  kick(account: string): Promise<void> {
    return this.act({ kind: 'kick', account }, async (tools) => {
      await tools.kick(account)
      this.memberChanged({ ...this.memberOf(account), online: false })
    })
  }

  mute(account: string, seconds: number): Promise<void> {
    return this.act({ kind: 'mute', account, seconds }, async (tools) => this.memberChanged(this.changed(await tools.tempMute(account, seconds))))
  }

  setBlacklisted(account: string, on: boolean): Promise<void> {
    return this.act({ kind: 'blacklist', account, on }, async (tools) => this.memberChanged(this.changed(await tools.setBlacklisted(account, on))))
  }

  setRoomMute(on: boolean): Promise<void> {
    return this.act({ kind: 'roomMute', on }, async (tools) => this.roomChanged(await tools.updateRoom({ mute: on })))
  }

  saveAnnouncement(text: string): Promise<void> {
    return this.act({ kind: 'announcement' }, async (tools) => this.roomChanged(await tools.updateRoom({ announcement: text.trim() })))
  }

  closeRoom(): Promise<void> {
    return this.act({ kind: 'close' }, async (tools) => {
      await tools.closeRoom()
      runInAction(() => (this.view = { kind: 'closed' }))
    })
  }

  dismissFailure(): void {
    this.failure = undefined
  }

  dispose(): void {
    for (const off of this.unsubscribe.splice(0)) off()
  }

  private async act(action: ModerationAction, work: (tools: ChatroomModeration) => Promise<void>): Promise<void> {
    const tools = this.tools
    if (!tools || this.pending) return
    this.pending = action
    this.failure = undefined
    this.done = undefined
    const name = 'account' in action ? this.memberOf(action.account).nick : ''
    try {
      await work(tools)
      runInAction(() => (this.done = { action, name }))
    } catch (error) {
      runInAction(() => (this.failure = { action, error: errorKind(error) }))
    } finally {
      runInAction(() => (this.pending = undefined))
    }
  }

  private memberOf(account: string): ChatroomMemberInfo {
    const found = this.members.find((m) => m.account === account)
    if (found) return found
    return { account, type: 'guest', nick: account, avatar: '', online: false, muted: false, gaged: false, tempMuteDuration: 0, blacked: false }
  }

  /** A member as an action left it: what it changed over what the list knows; muted follows its mutes unless the room said. */
  private changed(change: ChatroomMemberChange): ChatroomMemberInfo {
    const member = { ...this.memberOf(change.account), ...change }
    return change.muted === undefined ? { ...member, muted: member.gaged || member.tempMuteDuration > 0 } : member
  }

  /** A member's new state: what the room told every member, or an action's own answer. */
  private memberChanged(member: ChatroomMemberInfo): void {
    if (member.account === this.self.account) return
    const others = this.members.filter((m) => m.account !== member.account)
    // a guest that left is gone from the list; a fixed member, and a blacklisted one (to lift it), stay
    const keep = member.online || member.blacked || (member.type !== 'guest' && member.type !== 'anonymous')
    this.members = [...others, ...(keep ? [member] : [])].sort(order)
  }

  private roomChanged(room: ChatroomInfo): void {
    this.room = room
  }
}
