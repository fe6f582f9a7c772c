import { makeAutoObservable, runInAction } from 'mobx'
import type { LessonInfo } from '../../types/lesson'
import { LESSON_PAGE_SIZE } from '../../types/lesson'
import type { LessonApi, LessonHandle } from '../api/lesson'
import { ApiError } from '../api/client'
import { parseMessage } from '../domain/message/parse'
import type { LessonMessage } from '../domain/message/types'

/**
 * One open lesson: its info and the paged message list (spec 000 §4 "Lesson load", "List").
 * The page creates one per lesson it shows; global lesson state (password, pay data) lives in
 * the root store.
 */
export type LessonStatus =
  | 'idle'
  | 'loading'
  | 'ready'
  /** info answered 404: the course does not exist */
  | 'notFound'
  /** info says illegal: the page goes to /illegal */
  | 'illegal'
  /** the list answered 601: the page goes to the pay/share page */
  | 'mustPay'
  /** the list refused the password */
  | 'locked'
  | 'error'

export interface DisplayedMessage {
  message: LessonMessage
  /** hidden when the previous shown message has the same sender icon (spec 000 §2) */
  showAvatar: boolean
}

export class LessonStore {
  status: LessonStatus = 'idle'
  info: LessonInfo | undefined = undefined
  messages: LessonMessage[] = []
  /** last page loaded, 1-based; 0 before the first */
  page = 0
  loadEnd = false
  loadingMore = false
  /** the last error, shown by the error state or the list footer */
  errorMessage = ''
  /** a later page failed; the footer offers a retry and the loaded messages stay */
  pageError = false
  coursePass: string | undefined = undefined
  private handle: LessonHandle | undefined = undefined

  constructor(
    private readonly api: LessonApi,
    private readonly pageSize: number = LESSON_PAGE_SIZE,
  ) {
    makeAutoObservable<LessonStore, 'api' | 'pageSize' | 'handle'>(this, { api: false, pageSize: false, handle: false })
  }

  get title(): string {
    return this.info?.courseName ?? ''
  }

  get courseData(): string | undefined {
    return this.handle?.kind === 'v2' ? this.handle.courseData : undefined
  }

  /** Messages as the list shows them: 2001 hidden notifications left out, avatars folded. */
  get displayed(): DisplayedMessage[] {
    const out: DisplayedMessage[] = []
    let previousIcon: string | undefined
    let previousWasCell = false
    for (const message of this.messages) {
      if (message.kind === 'hidden') continue
      const isCell = message.kind !== 'notification'
      const icon = message.sender.faceIcon ?? ''
      out.push({ message, showAvatar: !(isCell && previousWasCell && icon === previousIcon) })
      previousIcon = icon
      previousWasCell = isCell
    }
    return out
  }

  async open(handle: LessonHandle, coursePass?: string): Promise<void> {
    this.handle = handle
    this.coursePass = coursePass
    this.status = 'loading'
    this.errorMessage = ''
    this.resetList()
    try {
      const result = await this.api.info(handle)
      if (!result.found) {
        runInAction(() => (this.status = 'notFound'))
        return
      }
      runInAction(() => {
        this.info = result.info
      })
      if (result.info.illegal === 1) {
        runInAction(() => (this.status = 'illegal'))
        return
      }
      await this.loadMore()
      runInAction(() => {
        if (this.status === 'loading') this.status = 'ready'
      })
    } catch (err) {
      runInAction(() => {
        this.status = 'error'
        this.errorMessage = err instanceof Error ? err.message : String(err)
      })
    }
  }

  /** Loads the next page; a no-op while loading or at the end. */
  async loadMore(): Promise<void> {
    if (!this.handle || this.loadingMore || this.loadEnd) return
    this.loadingMore = true
    this.pageError = false
    const next = this.page + 1
    try {
      const result = await this.api.messages(this.handle, next, { pageSize: this.pageSize, coursePass: this.coursePass })
      runInAction(() => {
        switch (result.kind) {
          case 'page':
            this.messages.push(...result.messages.map(parseMessage))
            this.page = next
            if (result.messages.length < this.pageSize) this.loadEnd = true
            break
          case 'end':
            this.loadEnd = true
            break
          case 'mustPay':
            this.status = 'mustPay'
            break
          case 'passwordRejected':
            this.status = 'locked'
            this.errorMessage = result.message
            break
        }
      })
    } catch (err) {
      // The first page's failure is the whole screen's error (open() shows it).
      if (this.page === 0) throw err
      runInAction(() => {
        this.pageError = true
        this.errorMessage = err instanceof ApiError ? err.message : String(err)
      })
    } finally {
      runInAction(() => {
        this.loadingMore = false
      })
    }
  }

  private resetList(): void {
    this.messages = []
    this.page = 0
    this.loadEnd = false
    this.pageError = false
  }
}
