import { makeAutoObservable, observable, runInAction } from 'mobx'
import { messageOf } from '../domain/errorMessage'

/** One page as the list's source answers it. */
export interface PageResult<T> {
  items: readonly T[]
  /** no page after this one */
  end: boolean
}

/** Fetches page `page` (1-based). Rejects when the page could not be loaded. */
export type FetchPage<T> = (page: number) => Promise<PageResult<T>>

export interface PagerOptions<T> {
  /** the text shown for a failure; default: the error's message */
  messageOf?: (err: unknown) => string
  /**
   * Called in the action that adds a page to `items` (`replaced` when a refresh put page 1 in
   * place of them all), so a view derived from the items can follow page by page instead of
   * being rebuilt from the whole list.
   */
  onItems?: (added: readonly T[], replaced: boolean) => void
}

/**
 * The state of a paged list (a money list, a subscription list), ready for `PagedList`:
 *
 * ```tsx
 * const [pager] = useState(() => new Pager((page) => api.incomeList(page)))
 * useEffect(() => void pager.loadMore(), [pager])
 * <PagedList items={pager.items} loading={pager.loading} loadingMore={pager.loadingMore}
 *   end={pager.end} error={pager.error} pageError={pager.pageError}
 *   onLoadMore={() => pager.loadMore()} onRefresh={() => pager.refresh()} ... />
 * ```
 *
 * - `loadMore()` loads the next page (the first one too); while a load runs every caller gets that
 *   same load, and at the end it does nothing.
 * - A failed first page is `error` (nothing to show); a failed later page is `pageError` and the
 *   pages already shown stay. `loadMore()` again is the retry.
 * - `refresh()` loads page 1 again and replaces the list only when that succeeds; a failed refresh
 *   keeps the list and sets `refreshError` for the screen to mention.
 * - A refresh outdates every load started before it: a stale answer never lands in the new list.
 * - `items` is a shallow observable: adding a page is observed, the items themselves are kept
 *   as they came (plain data, not made observable one by one).
 */
export class Pager<T> {
  items: T[] = []
  /** the last page shown; 0 before the first */
  page = 0
  end = false
  /** the first page failed: the message */
  error: string | undefined = undefined
  /** a later page failed: the message; the shown pages stay */
  pageError: string | undefined = undefined
  /** the last refresh failed: the message; the shown pages stay */
  refreshError: string | undefined = undefined
  /** a next-page load is running */
  fetching = false
  refreshing = false
  private readonly messageOf: (err: unknown) => string
  private readonly onItems: ((added: readonly T[], replaced: boolean) => void) | undefined
  private nextLoad: Promise<void> | undefined = undefined
  private refreshLoad: Promise<void> | undefined = undefined
  /** bumped by refresh(): answers to next-page loads started before it are dropped */
  private generation = 0

  constructor(
    private readonly fetchPage: FetchPage<T>,
    options: PagerOptions<T> = {},
  ) {
    this.messageOf = options.messageOf ?? messageOf
    this.onItems = options.onItems
    makeAutoObservable<Pager<T>, 'fetchPage' | 'messageOf' | 'onItems' | 'nextLoad' | 'refreshLoad' | 'generation'>(this, {
      items: observable.shallow,
      fetchPage: false,
      messageOf: false,
      onItems: false,
      nextLoad: false,
      refreshLoad: false,
      generation: false,
    })
  }

  /** the first page is loading and nothing is shown yet */
  get loading(): boolean {
    return this.page === 0 && (this.fetching || this.refreshing)
  }

  /** a later page is loading below the shown ones */
  get loadingMore(): boolean {
    return this.page > 0 && this.fetching
  }

  /** loaded to the end and there is nothing */
  get empty(): boolean {
    return this.end && this.items.length === 0
  }

  /** Loads the next page (the first when nothing is shown). Never rejects: failures land in `error` / `pageError`. */
  loadMore(): Promise<void> {
    if (this.refreshLoad) return this.refreshLoad
    if (this.end) return Promise.resolve()
    if (!this.nextLoad) {
      const load = this.fetchNext().finally(() => {
        if (this.nextLoad === load) this.nextLoad = undefined
      })
      this.nextLoad = load
    }
    return this.nextLoad
  }

  /** Loads page 1 again; the list is replaced only when it arrives. Never rejects. */
  refresh(): Promise<void> {
    if (!this.refreshLoad) {
      const load = this.fetchFirstAgain().finally(() => {
        if (this.refreshLoad === load) this.refreshLoad = undefined
      })
      this.refreshLoad = load
    }
    return this.refreshLoad
  }

  private async fetchNext(): Promise<void> {
    const generation = this.generation
    const next = this.page + 1
    this.fetching = true
    this.error = undefined
    this.pageError = undefined
    try {
      const result = await this.fetchPage(next)
      runInAction(() => {
        if (generation !== this.generation) return
        this.items.push(...result.items)
        this.onItems?.(result.items, false)
        this.page = next
        this.end = result.end
      })
    } catch (err) {
      runInAction(() => {
        if (generation !== this.generation) return
        if (next === 1) this.error = this.messageOf(err)
        else this.pageError = this.messageOf(err)
      })
    } finally {
      runInAction(() => {
        if (generation === this.generation) this.fetching = false
      })
    }
  }

  private async fetchFirstAgain(): Promise<void> {
    // a next-page load still running belongs to the list being replaced
    this.generation += 1
    this.nextLoad = undefined
    this.fetching = false
    this.refreshing = true
    this.error = undefined
    this.refreshError = undefined
    try {
      const result = await this.fetchPage(1)
      runInAction(() => {
        this.items = [...result.items]
        this.onItems?.(result.items, true)
        this.page = 1
        this.end = result.end
        this.pageError = undefined
      })
    } catch (err) {
      runInAction(() => {
        const message = this.messageOf(err)
        this.refreshError = message
        if (this.page === 0) this.error = message
      })
    } finally {
      runInAction(() => (this.refreshing = false))
    }
  }
}
