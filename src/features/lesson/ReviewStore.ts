import { makeAutoObservable, observable, runInAction } from 'mobx'
import { REVIEW_PAGE_SIZE } from '../../../types/review'
import type { ReviewApi, ReviewKind } from '../../api/review'
import { parseMessage } from '../../domain/message/parse'
import { foldRows, START, type FoldTail, type MessageRowModel } from '../../domain/message/rows'
import type { LessonMessage } from '../../domain/message/types'
import type { ReviewLink } from '../../domain/reviewLink'
import { Pager } from '../../ui/pager'

/**
 * One lesson in the admin or complaint viewer (spec 000 §2 "Older lesson and admin viewers"):
 * the whole lesson, 10 messages a page, read with the link's token. `refused` when the server
 * says the token may not view it (the screen says so instead of showing an empty list).
 */
export type ReviewStatus = 'loading' | 'ready' | 'refused' | 'error'

export class ReviewStore {
  status: ReviewStatus = 'loading'
  /** the page's scroll offset when it was left, put back when a kept-alive viewer shows again */
  scrollTop = 0
  private readonly list: Pager<LessonMessage>
  private rows: MessageRowModel[] = []
  private rowTail: FoldTail = START
  private started = false

  constructor(
    private readonly api: ReviewApi,
    readonly kind: ReviewKind,
    readonly link: ReviewLink,
  ) {
    this.list = new Pager(
      async (page) => {
        const result = await this.api.messages(this.kind, this.link, page)
        if (result.kind === 'refused') runInAction(() => (this.status = 'refused'))
        const messages = result.kind === 'page' ? result.messages : []
        return { items: messages.map(parseMessage), end: messages.length < REVIEW_PAGE_SIZE }
      },
      { onItems: (added) => this.appendRows(added) },
    )
    makeAutoObservable<ReviewStore, 'api' | 'list' | 'rows' | 'rowTail' | 'started'>(this, {
      api: false,
      kind: false,
      link: false,
      list: false,
      rows: observable.shallow,
      rowTail: false,
      started: false,
      scrollTop: false,
    })
  }

  /** Loads the first page once; a kept-alive viewer shown again keeps what it has. */
  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    await this.loadFirst()
  }

  /** The error state's retry. */
  async retry(): Promise<void> {
    await this.loadFirst()
  }

  loadMore(): Promise<void> {
    return this.list.loadMore()
  }

  get messages(): LessonMessage[] {
    return this.list.items
  }

  get displayed(): readonly MessageRowModel[] {
    return this.rows
  }

  get loadingMore(): boolean {
    return this.list.loadingMore
  }

  get loadEnd(): boolean {
    return this.list.end
  }

  get pageError(): string | undefined {
    return this.list.pageError
  }

  get errorMessage(): string {
    return this.list.error ?? ''
  }

  /** The player's playlist title: the viewers have no lesson info, so none. */
  get title(): string {
    return ''
  }

  private async loadFirst(): Promise<void> {
    runInAction(() => (this.status = 'loading'))
    await this.list.loadMore()
    runInAction(() => {
      if (this.status === 'loading') this.status = this.list.error === undefined ? 'ready' : 'error'
    })
  }

  private appendRows(added: readonly LessonMessage[]): void {
    const { rows, tail } = foldRows(added, this.rowTail)
    this.rows.push(...rows)
    this.rowTail = tail
  }
}
