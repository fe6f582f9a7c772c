import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { LessonInfo } from '../../../types/lesson'
import { LEGACY_LESSON_PAGE_SIZE, LESSON_PAGE_SIZE } from '../../../types/lesson'
import type { LessonApi } from '../../api/lesson'
import type { LessonLink } from '../../domain/lessonLink'
import { decideLessonView } from '../../domain/lessonAccess'
import type { LessonAccess } from '../../domain/lessonAccess'
import { resolvePath, routeByName, type ResolvedRoute } from '../../domain/routes'
import { messageOf } from '../../domain/errorMessage'
import { parseMessage } from '../../domain/message/parse'
import { foldRows, START, type FoldTail, type MessageRowModel } from '../../domain/message/rows'
import type { LessonMessage } from '../../domain/message/types'
import { Pager } from '../../ui/pager'
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

export type DisplayedMessage = MessageRowModel

export class LessonStore {
  status: LessonStatus = 'idle'
  info: LessonInfo | undefined = undefined
  coursePass: string | undefined = undefined
  /** the access decision for the loaded info; undefined before it */
  access: LessonAccess | undefined = undefined
  /** the password lock, the open-in-browser apply and the payment during this visit */
  readonly visit: LessonVisit
  private link: LessonLink | undefined = undefined
  /** opening failed before the list (the info call, a remembered password's check): its message */
  private openError: string | undefined = undefined
  /**
   * The paged message list. A reset replaces it rather than emptying it, so a page still loading
   * lands in the old list, which nothing shows any more.
   */
  private list: Pager<LessonMessage>
  /**
   * The list's rows, appended page by page in the action that adds the page (one array for the
   * list's life, so a page never rebuilds the rows before it), and where the fold stopped.
   */
  private rows: DisplayedMessage[] = []
  private rowTail: FoldTail = START

  constructor(
    private readonly api: LessonApi,
    private readonly pageSize: number = LESSON_PAGE_SIZE,
    private readonly context: LessonAccessContext = ANONYMOUS_BROWSER,
    /** an old link's pages (spec 000 §9) */
    private readonly legacyPageSize: number = LEGACY_LESSON_PAGE_SIZE,
  ) {
    this.visit = new LessonVisit({ api, rememberPassword: (password) => context.rememberPassword(password) })
    this.list = this.newList()
    makeAutoObservable<LessonStore, 'api' | 'pageSize' | 'legacyPageSize' | 'context' | 'link' | 'openError' | 'list' | 'rows' | 'rowTail'>(this, {
      visit: false,
      api: false,
      pageSize: false,
      legacyPageSize: false,
      context: false,
      // observable: `courseData` is derived from it, and a screen observes that before open() runs
      link: observable.ref,
      openError: observable,
      list: observable.ref,
      rows: observable.shallow,
      rowTail: false,
    })
  }

  get messages(): LessonMessage[] {
    return this.list.items
  }

  /** last page loaded, 1-based; 0 before the first */
  get page(): number {
    return this.list.page
  }

  get loadEnd(): boolean {
    return this.list.end
  }

  /** a page is loading (the first one too) */
  get loadingMore(): boolean {
    return this.list.fetching
  }

  /** a later page failed; the footer offers a retry and the loaded messages stay */
  get pageError(): boolean {
    return this.list.pageError !== undefined
  }

  /** the last error, shown by the error state (info or first page) or the list footer (a later page) */
  get errorMessage(): string {
    return this.openError ?? this.list.error ?? this.list.pageError ?? ''
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

  /**
   * Where a reader who must buy goes (spec 000 §8, 601 on the list): the lesson's pay/share page.
   * An old link names the lesson by `data` only, so its info's `shareUrl` names that page.
   */
  get payPage(): ResolvedRoute | undefined {
    const courseData = this.courseData
    if (courseData) return { route: routeByName('LessonPay'), params: { type: 'share', courseData, payType: '1' } }
    return this.shareTarget
  }

  get courseData(): string | undefined {
    return this.link?.kind === 'v2' ? this.link.courseData : undefined
  }

  /**
   * Messages as the list shows them: 2001 hidden notifications left out, avatars folded. The
   * same observable array grows with each page (replaced when the list is).
   */
  get displayed(): readonly DisplayedMessage[] {
    return this.rows
  }

  async open(link: LessonLink, coursePass?: string): Promise<void> {
    this.link = link
    this.coursePass = coursePass
    this.status = 'loading'
    this.access = undefined
    this.openError = undefined
    this.visit.passwordRejected = false
    this.visit.tooManyTries = null
    this.resetList()
    try {
      const result = await this.api.info(link)
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
        this.openError = messageOf(err)
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
          // the first page's failure is the whole screen's error
          if (this.status === 'loading') this.status = this.list.error === undefined ? 'ready' : 'error'
        })
    }
  }

  private decide(): LessonAccess {
    if (!this.info) return { view: 'notFound' }
    return decideLessonView({
      info: this.info,
      env: { inWechatBrowser: this.context.inWechatBrowser() },
      session: { userId: this.context.userId(), isProductUser: this.context.isProductUser() },
      ...this.visit.standing,
    })
  }

  /** A password given by the link or remembered from an earlier unlock opens the lesson without asking. */
  private async tryRememberedPassword(): Promise<void> {
    const candidate = this.coursePass ?? this.context.storedPassword()
    // silent: a failure here is the screen's error state
    const check = candidate && this.link ? await checkLessonPassword(this.api, this.link, candidate, true) : undefined
    if (candidate && check?.verdict === 'accepted') {
      this.visit.passwordAccepted(candidate)
      await this.readWithPassword(candidate)
      return
    }
    runInAction(() => {
      if (check?.verdict === 'tooManyTries') this.visit.passwordLimited({ waitMinutes: check.waitMinutes })
      this.status = 'locked'
    })
  }

  /** An accepted password reads the list with it, from the first page. */
  private async readWithPassword(coursePass: string): Promise<void> {
    runInAction(() => {
      this.resetList()
      this.coursePass = coursePass
      this.status = 'loading'
    })
    await this.enter()
  }

  /** The password lock's unlock button: 200 opens the list and remembers it as `lessonwd`; 403 says wrong. */
  async unlock(password: string): Promise<void> {
    if (!this.link) return
    const verdict = await this.visit.unlock(this.link, password)
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
    if (!this.link) return
    this.visit.markPaid()
    await this.open(this.link, this.coursePass)
  }

  /**
   * Loads the next page; a no-op at the end. While a page is loading, callers (the scroll, the
   * player's auto-next) get that same load to wait for, never an empty answer that would look
   * like the end of the list.
   */
  loadMore(): Promise<void> {
    return this.link ? this.list.loadMore() : Promise.resolve()
  }

  /**
   * A list over the message calls. Only the 'page' answer adds messages; the others end this list
   * and say why: 404 ends it (before any message, the lesson's share page takes over), 601 means
   * the reader must pay, 403 means the password changed since it was accepted.
   */
  private newList(): Pager<LessonMessage> {
    const list: Pager<LessonMessage> = new Pager(async (page) => {
      const link = this.link
      if (!link) return { items: [], end: true }
      const pageSize = link.kind === 'legacy' ? this.legacyPageSize : this.pageSize
      const result = await this.api.messages(link, page, {
        pageSize,
        coursePass: this.coursePass,
        freePreview: this.preview !== undefined,
        // a failed page is shown by the error state (page 1) or the footer with its retry
        silent: true,
      })
      if (list !== this.list || result.kind === 'page') {
        const messages = result.kind === 'page' ? result.messages : []
        return { items: messages.map(parseMessage), end: messages.length < pageSize }
      }
      runInAction(() => {
        if (result.kind === 'end' && page === 1 && this.shareTarget) this.status = 'toShareUrl'
        else if (result.kind === 'mustPay') this.status = 'mustPay'
        else if (result.kind === 'passwordRejected') {
          this.visit.passwordRevoked()
          this.status = 'locked'
        } else if (result.kind === 'tooManyTries') {
          this.visit.passwordLimited({ waitMinutes: result.waitMinutes })
          this.status = 'locked'
        }
      })
      return { items: [], end: true }
    }, {
      onItems: (added, replaced) => {
        if (list === this.list) this.appendRows(added, replaced)
      },
    })
    return list
  }

  private appendRows(added: readonly LessonMessage[], replaced: boolean): void {
    const { rows, tail } = foldRows(added, replaced ? START : this.rowTail)
    if (replaced) this.rows = rows
    else this.rows.push(...rows)
    this.rowTail = tail
  }

  private resetList(): void {
    this.list = this.newList()
    this.rows = []
    this.rowTail = START
  }
}
