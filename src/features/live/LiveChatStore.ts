import { makeAutoObservable, observable } from 'mobx'
import { IM_LIMITS } from '../../domain/chat/constants'
import { commentContent, isDisplayed, type LiveChatMessage, type LiveSender } from '../../domain/chat/liveMessage'
import { mergeMessages } from '../../domain/chat/merge'
import { maskNickname } from '../../domain/chat/nickname'
import { ChatroomError, type ChatroomClient, type ChatroomErrorKind, type ChatroomStatus } from '../../im'
import { checkPicked, uploadName, type PickRefusal } from '../../domain/chat/fileMessage'
import type { ChatFile, ChatFileKind } from '../../../types/chatUpload'
import type { PickedFile } from '../../platform/chatFile'

export type ChatItemState = 'pending' | 'sent' | 'failed'

/** A row of the chat list: the message, its sending state and the name to show. */
export interface ChatItem extends LiveChatMessage {
  /** stable across pending -> sent (the room may answer with its own idClient) */
  key: string
  state: ChatItemState
  displayName: string
  /** why sending failed; the screen shows the localised text for it */
  error?: ChatroomErrorKind
  /** a file's upload: how much is sent (0 to 1) while pending */
  progress?: number
  /** the server's words when it refused the upload (a file too large, of the wrong type) */
  errorText?: string
}

/** Uploads a picked file to the room's chat (src/api/chatUpload.ts): the stored file. */
export type FileUploader = (kind: ChatFileKind, name: string, file: PickedFile, onProgress: (fraction: number) => void) => Promise<ChatFile>

export interface LiveChatOptions {
  /** incoming messages are applied at most once per this window (one render update) */
  batchMs?: number
  /** the list keeps the newest this many */
  limit?: number
  now?: () => number
  newId?: () => string
  /** NOTI_NODISPLAY notices (e.g. `live_deinit`): never listed, handed here */
  onNotice?: (notice: LiveChatMessage) => void
  /** file, image and audio messages: how a picked file is uploaded; without it none are sent */
  upload?: FileUploader
  /** the words of a failure the screen shows (an upload's refusal) */
  messageOf?: (error: unknown) => string
}

/** One render update per ~200 ms in the mini-program, whose setData is the costly part. */
export const CHAT_BATCH_MS = 200
export const CHAT_LIST_LIMIT = 300

/** A comment that failed for these went unanswered on a lost connection: it goes out again when the room is back. */
const RESENT_WHEN_BACK: readonly ChatroomErrorKind[] = ['offline', 'timeout']

const item = (m: LiveChatMessage, state: ChatItemState, key = m.idClient): ChatItem => ({ ...m, key, state, displayName: maskNickname(m.sender.nickname) })

/**
 * The live chat: a bounded list fed by a ChatroomClient, incoming messages applied in batches, sends
 * shown at once as pending and then sent or failed (with retry), 'load earlier' by the history batch.
 */
export class LiveChatStore {
  items: ChatItem[] = []
  status: ChatroomStatus = { state: 'idle' }
  loadingEarlier = false
  noMoreEarlier = false
  earlierError: ChatroomErrorKind | undefined = undefined

  private queue: LiveChatMessage[] = []
  private flushTimer: ReturnType<typeof setTimeout> | undefined
  private readonly unsubscribe: Array<() => void> = []
  private readonly batchMs: number
  private readonly limit: number
  private readonly now: () => number
  private readonly newId: () => string
  private readonly onNotice: (notice: LiveChatMessage) => void
  private counter = 0
  /** the picked files of file rows not sent yet, and their upload once it is done (a retry sends only what is missing) */
  private readonly files = new Map<string, { kind: ChatFileKind; name: string; picked: PickedFile; uploaded?: ChatFile }>()
  private readonly upload: FileUploader | undefined
  private readonly messageOf: (error: unknown) => string

  constructor(private readonly client: ChatroomClient, options: LiveChatOptions = {}) {
    this.batchMs = options.batchMs ?? CHAT_BATCH_MS
    this.limit = options.limit ?? CHAT_LIST_LIMIT
    this.now = options.now ?? Date.now
    this.newId = options.newId ?? (() => `c${this.now().toString(36)}${(this.counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`)
    this.onNotice = options.onNotice ?? (() => undefined)
    this.upload = options.upload
    this.messageOf = options.messageOf ?? ((error) => (error instanceof Error ? error.message : String(error)))
    makeAutoObservable<LiveChatStore, 'client' | 'queue' | 'flushTimer' | 'unsubscribe' | 'batchMs' | 'limit' | 'now' | 'newId' | 'onNotice' | 'counter' | 'files' | 'upload' | 'messageOf'>(this, {
      items: observable.ref,
      client: false, queue: false, flushTimer: false, unsubscribe: false, batchMs: false, limit: false, now: false, newId: false, onNotice: false, counter: false,
      files: false, upload: false, messageOf: false,
    })
    this.unsubscribe.push(
      client.onMessages((messages) => this.receive(messages)),
      client.onStatus((status) => this.setStatus(status)),
    )
  }

  dispose(): void {
    for (const off of this.unsubscribe.splice(0)) off()
    clearTimeout(this.flushTimer)
    this.flushTimer = undefined
  }

  /** Once the room is back, the comments that failed for the lost connection go out again by themselves. */
  setStatus(status: ChatroomStatus): void {
    const back = status.state === 'connected' && this.status.state !== 'connected'
    this.status = status
    if (!back) return
    for (const failed of this.items.filter((i) => i.state === 'failed' && i.error !== undefined && RESENT_WHEN_BACK.includes(i.error))) {
      void this.retry(failed.key)
    }
  }

  /** Queues received messages; they reach the list in the next batch. */
  receive(messages: readonly LiveChatMessage[]): void {
    for (const m of messages) {
      if (isDisplayed(m)) this.queue.push(m)
      else this.onNotice(m)
    }
    if (this.queue.length > 0 && this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flush(), this.batchMs)
    }
  }

  /** Applies the queued messages in one update. */
  flush(): void {
    this.flushTimer = undefined
    if (this.queue.length === 0) return
    const incoming = this.queue.map((m) => item(m, 'sent'))
    this.queue = []
    this.items = mergeMessages(this.items, incoming, this.limit)
  }

  /** Shows the comment at once as pending, then sent or failed. */
  async send(text: string, sender: LiveSender): Promise<void> {
    const idClient = this.newId()
    const content = commentContent(text, sender, this.now())
    const pending: ChatItem = { ...item({ idClient, from: sender.uid, time: content.time, flow: 'out', msgType: 'TEXT', text, sender, type: '' }, 'pending') }
    this.items = mergeMessages(this.items, [pending], this.limit)
    await this.deliver(pending)
  }

  /** Whether this room takes file, image and audio messages from the app. */
  get sendsFiles(): boolean {
    return this.upload !== undefined && this.client.sendFile !== undefined
  }

  /**
   * Sends a picked file as a file, image or audio message (spec 001 §3): refused at once when its
   * type or size is not one the room takes (the server checks again); otherwise a pending row at
   * once with the upload's progress, then sent or failed (重发 uploads again only what is missing).
   */
  async sendFile(kind: ChatFileKind, picked: PickedFile, sender: LiveSender): Promise<PickRefusal | undefined> {
    const name = uploadName(picked.name)
    const checked = checkPicked(kind, name, picked.size)
    if (typeof checked === 'string') return checked
    if (!this.sendsFiles) return 'live.file.badType'
    const idClient = this.newId()
    const file = { type: kind, url: picked.previewUrl ?? '', ext: checked.ext, size: picked.size, name }
    const pending: ChatItem = {
      ...item({ idClient, from: sender.uid, time: this.now(), flow: 'out', msgType: 'FILE', text: name, sender, type: '', file }, 'pending'),
      progress: 0,
    }
    this.files.set(pending.key, { kind, name, picked })
    this.items = mergeMessages(this.items, [pending], this.limit)
    await this.deliverFile(pending)
    return undefined
  }

  /**
   * Sends a failed comment again with the same client id: the room stores it once. The row is
   * pending at once, so a tap on 重发 and the automatic resend never both send it.
   */
  async retry(key: string): Promise<void> {
    const failed = this.items.find((i) => i.key === key && i.state === 'failed')
    if (!failed) return
    const pending: ChatItem = { ...failed, state: 'pending', error: undefined, errorText: undefined }
    this.replace(key, pending)
    if (failed.msgType === 'FILE') await this.deliverFile(pending)
    else await this.deliver(pending)
  }

  private async deliverFile(pending: ChatItem): Promise<void> {
    const entry = this.files.get(pending.key)
    const { upload } = this
    const sendFile = this.client.sendFile
    if (!entry || !upload || !sendFile) return
    try {
      entry.uploaded ??= await upload(entry.kind, entry.name, entry.picked, (fraction) => this.progress(pending.key, fraction))
      const sent = await sendFile(entry.uploaded, pending.idClient)
      this.files.delete(pending.key)
      this.replace(pending.key, { ...item(sent, 'sent', pending.key) })
    } catch (error) {
      const kind = error instanceof ChatroomError ? error.kind : 'refused'
      // the upload's refusal (too large, wrong type) is the server's sentence; a room's refusal its kind
      const errorText = error instanceof ChatroomError ? undefined : this.messageOf(error)
      this.replace(pending.key, { ...pending, state: 'failed', error: kind, errorText, progress: undefined })
    }
  }

  private progress(key: string, fraction: number): void {
    this.items = this.items.map((i) => (i.key === key && i.state === 'pending' ? { ...i, progress: fraction } : i))
  }

  /** The previous history batch (10) before the oldest shown message. */
  async loadEarlier(): Promise<void> {
    if (this.loadingEarlier || this.noMoreEarlier) return
    this.loadingEarlier = true
    this.earlierError = undefined
    const oldest = this.items.find((i) => i.state === 'sent')
    try {
      const page = await this.client.history(oldest ? oldest.time : 0, IM_LIMITS.historyBatch)
      this.applyEarlier(page)
    } catch (error) {
      this.failEarlier(error instanceof ChatroomError ? error.kind : 'refused')
    }
  }

  private applyEarlier(page: readonly LiveChatMessage[]): void {
    this.loadingEarlier = false
    if (page.length < IM_LIMITS.historyBatch) this.noMoreEarlier = true
    // earlier messages never push the newest out: the list may hold one batch over its limit
    this.items = mergeMessages(page.filter(isDisplayed).map((m) => item(m, 'sent')), this.items, this.limit + IM_LIMITS.historyBatch)
  }

  private failEarlier(kind: ChatroomErrorKind): void {
    this.loadingEarlier = false
    this.earlierError = kind
  }

  private async deliver(pending: ChatItem): Promise<void> {
    const content = commentContent(pending.text, pending.sender, pending.time)
    try {
      const sent = await this.client.send(content, pending.idClient)
      this.replace(pending.key, { ...item(sent, 'sent', pending.key) })
    } catch (error) {
      this.replace(pending.key, { ...pending, state: 'failed', error: error instanceof ChatroomError ? error.kind : 'refused' })
    }
  }

  private replace(key: string, next: ChatItem): void {
    this.items = this.items.map((i) => (i.key === key ? next : i))
  }
}
