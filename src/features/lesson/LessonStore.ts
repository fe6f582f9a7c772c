import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { LessonInfo } from '../../../types/lesson'
import { LESSON_PAGE_SIZE } from '../../../types/lesson'
import type { LessonApi, LessonHandle } from '../../api/lesson'
import { ApiError } from '../../api/client'
import { decideLessonAccess } from '../../domain/lessonAccess'
import type { LessonAccess } from '../../domain/lessonAccess'
import { resolvePath, type ResolvedRoute } from '../../domain/routes'
import { parseMessage } from '../../domain/message/parse'
import type { LessonMessage } from '../../domain/message/types'
import { checkLessonPassword, LessonVisit } from '../visit'

/**
 * One open lesson: its info and the paged message list (spec 000 §4 "Lesson load", "List").
 * The page creates one per lesson it shows; what the visitor did to the lesson (password, apply,
 * payment) is its `visit`, the same model the purchase page uses.
 */
export type LessonStatus =
  | 'idle'
  | 'loading'
  | 'ready'
  /** info answered 404: the course does not exist */
  | 'notFound'
  /** info says illegal: the page goes to /illegal */
  | 'illegal'
  /** the list answered 601, or a paid lesson without preview: the page goes to the pay/share page */
  | 'mustPay'
  /** the first page answered 404 and the lesson names a share page: the page goes there (spec 000 §8) */
  | 'toShareUrl'
  /** a password lesson not yet unlocked: the password lock screen */
  | 'locked'
  /** WeChat's in-app browser: the open-in-browser screen (`access` says whether it can apply) */
  | 'openInBrowser'
  | 'error'

/**
 * What the access decision needs from outside the lesson (spec 000 §4, §6): where the page runs,
 * who reads, and the remembered password (`lessonwd`). The root store wires the platform and the
 * session; tests pass their own.
 */
export interface LessonAccessContext {
  inWechatBrowser(): boolean
  userId(): string | undefined
  isProductUser(): boolean
  storedPassword(): string | undefined
  rememberPassword(password: string): void
}

/** An ordinary browser, nobody logged in, nothing remembered. */
export const ANONYMOUS_BROWSER: LessonAccessContext = {
  inWechatBrowser: () => false,
  userId: () => undefined,
  isProductUser: () => false,
  storedPassword: () => undefined,
  rememberPassword: () => undefined,
}

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
  /** the access decision for the loaded info; undefined before it */
  access: LessonAccess | undefined = undefined
  /** the password lock, the open-in-browser apply and the payment during this visit */
  readonly visit: LessonVisit
  private handle: LessonHandle | undefined = undefined
  /** the page load in flight, shared by every caller of loadMore() */
  private pageLoad: Promise<void> | undefined = undefined
  /** bumped when the list resets, so a load from before the reset cannot add to the new list */
  private listGeneration = 0

  constructor(
    private readonly api: LessonApi,
    private readonly pageSize: number = LESSON_PAGE_SIZE,
    private readonly context: LessonAccessContext = ANONYMOUS_BROWSER,
  ) {
    this.visit = new LessonVisit({ api, rememberPassword: (password) => context.rememberPassword(password) })
    makeAutoObservable<LessonStore, 'api' | 'pageSize' | 'context' | 'handle' | 'pageLoad' | 'listGeneration'>(this, {
      visit: false,
      api: false,
      pageSize: false,
      context: false,
      pageLoad: false,
      listGeneration: false,
      // observable: `courseData` is derived from it, and a screen observes that before open() runs
      handle: observable.ref,
    })
  }

  /** Free-preview mode: only the free list, with the 'view full course' button (spec 000 §2, §6). */
  get preview(): Extract<LessonAccess, { view: 'list'; mode: 'preview' }> | undefined {
    return this.access?.view === 'list' && this.access.mode === 'preview' ? this.access : undefined
  }

  get title(): string {
    return this.info?.courseName ?? ''
  }

  /** The app page the lesson's `shareUrl` names (a path or a full URL of this site), if any. */
  get shareTarget(): ResolvedRoute | undefined {
    const shareUrl = this.info?.shareUrl
    return (shareUrl && resolvePath(shareUrl.replace(/^https?:\/\/[^/]+/i, ''))) || undefined
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
    this.access = undefined
    this.visit.passwordRejected = false
    this.resetList()
    try {
      const result = await this.api.info(handle)
      if (!result.found) {
        runInAction(() => (this.status = 'notFound'))
        return
      }
      if ('illegal' in result) {
        // the server answers a suspended lesson's title only: nothing of it is shown here
        runInAction(() => {
          this.access = { view: 'illegal' }
          this.status = 'illegal'
        })
        return
      }
      runInAction(() => {
        this.info = result.info
      })
      await this.enter()
    } catch (err) {
      runInAction(() => {
        this.status = 'error'
        this.errorMessage = err instanceof Error ? err.message : String(err)
      })
    }
  }

  /** Decides the screen from the info (spec 000 §4 "Lesson load") and loads the list when readable. */
  private async enter(): Promise<void> {
    const access = this.decide()
    runInAction(() => (this.access = access))
    switch (access.view) {
      case 'notFound':
      case 'illegal':
        runInAction(() => (this.status = access.view))
        return
      case 'openInBrowser':
        runInAction(() => (this.status = 'openInBrowser'))
        return
      case 'pay':
        runInAction(() => (this.status = 'mustPay'))
        return
      case 'password':
        await this.tryRememberedPassword()
        return
      case 'list':
        await this.loadMore()
        runInAction(() => {
          if (this.status === 'loading') this.status = 'ready'
        })
    }
  }

  private decide(): LessonAccess {
    if (!this.info) return { view: 'notFound' }
    return decideLessonAccess({
      info: this.info,
      env: { inWechatBrowser: this.context.inWechatBrowser() },
      session: { userId: this.context.userId(), isProductUser: this.context.isProductUser() },
      ...this.visit.standing,
    })
  }

  /** A password given by the link or remembered from an earlier unlock opens the lesson without asking. */
  private async tryRememberedPassword(): Promise<void> {
    const candidate = this.coursePass ?? this.context.storedPassword()
    if (candidate && this.handle && (await checkLessonPassword(this.api, this.handle, candidate)) === 'accepted') {
      this.visit.passwordAccepted(candidate)
      await this.readWithPassword(candidate)
      return
    }
    runInAction(() => (this.status = 'locked'))
  }

  /** An accepted password reads the list with it. */
  private async readWithPassword(coursePass: string): Promise<void> {
    runInAction(() => {
      this.coursePass = coursePass
      this.status = 'loading'
    })
    await this.enter()
  }

  /** The password lock's unlock button: 200 opens the list and remembers it as `lessonwd`; 403 says wrong. */
  async unlock(password: string): Promise<void> {
    if (!this.handle) return
    const verdict = await this.visit.unlock(this.handle, password)
    if (verdict === 'accepted') await this.readWithPassword(password)
    else if (verdict === 'mustPay') runInAction(() => (this.status = 'mustPay'))
  }

  /** Open-in-browser screen: a successful apply turns the button into 'submitted, waiting for review'. */
  async apply(): Promise<void> {
    const courseData = this.courseData
    if (courseData && (await this.visit.apply(courseData))) runInAction(() => (this.access = this.decide()))
  }

  /** Payment confirmed by the server (spec 000 §4 "Payment" 4): mark paid, reset the list, reload the info. */
  async markPaid(): Promise<void> {
    if (!this.handle) return
    this.visit.markPaid()
    await this.open(this.handle, this.coursePass)
  }

  /**
   * Loads the next page; a no-op at the end. While a page is loading, callers (the scroll, the
   * player's auto-next) get that same load to wait for, never an empty answer that would look
   * like the end of the list.
   */
  loadMore(): Promise<void> {
    if (!this.handle || this.loadEnd) return Promise.resolve()
    if (!this.pageLoad) {
      const load = this.fetchNextPage().finally(() => {
        if (this.pageLoad === load) this.pageLoad = undefined
      })
      this.pageLoad = load
    }
    return this.pageLoad
  }

  private async fetchNextPage(): Promise<void> {
    if (!this.handle) return
    const generation = this.listGeneration
    const stale = () => generation !== this.listGeneration
    this.loadingMore = true
    this.pageError = false
    const next = this.page + 1
    try {
      const result = await this.api.messages(this.handle, next, {
        pageSize: this.pageSize,
        coursePass: this.coursePass,
        freePreview: this.preview !== undefined,
      })
      runInAction(() => {
        if (stale()) return
        switch (result.kind) {
          case 'page':
            this.messages.push(...result.messages.map(parseMessage))
            this.page = next
            if (result.messages.length < this.pageSize) this.loadEnd = true
            break
          case 'end':
            // 404 ends the list, or, before any message, sends the reader to the lesson's share page
            if (this.page === 0 && this.shareTarget) this.status = 'toShareUrl'
            else this.loadEnd = true
            break
          case 'mustPay':
            this.status = 'mustPay'
            break
          case 'passwordRejected':
            // the password changed since it was accepted: ask again
            this.visit.passwordRevoked()
            this.status = 'locked'
            break
        }
      })
    } catch (err) {
      if (stale()) return
      // The first page's failure is the whole screen's error (open() shows it).
      if (this.page === 0) throw err
      runInAction(() => {
        this.pageError = true
        this.errorMessage = err instanceof ApiError ? err.message : String(err)
      })
    } finally {
      runInAction(() => {
        if (!stale()) this.loadingMore = false
      })
    }
  }

  private resetList(): void {
    // a page still loading belongs to the old list: its answer is dropped, the next load is fresh
    this.listGeneration += 1
    this.pageLoad = undefined
    this.loadingMore = false
    this.messages = []
    this.page = 0
    this.loadEnd = false
    this.pageError = false
  }
}
