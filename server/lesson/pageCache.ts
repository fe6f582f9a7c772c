/**
 * Each worker's cache of serialised message-list pages (the v2, old and free-preview lists). Only
 * the page body is cached: every request still finds its lesson, reads its session and passes the
 * access rules (routes.ts `granted`) before a page is looked up, so a refusal is never cached and
 * never skipped.
 *
 * A page is found by everything its bytes depend on: the lesson, its content version (data.ts: a
 * counter bumped in the same transaction as any write to the lesson's messages or to their
 * senders' names and faces, whichever worker or machine writes), the origin that media URLs are
 * made absolute with, and the range of positions answered (where the page starts and how many
 * messages it holds, which the reader's readable window bounds). The version is read with the
 * lesson, before the messages, so a page stored under a version is never older than that version;
 * after a write the lesson reads with a new version and the old pages are never found again.
 * Memory is bounded: the least recently used pages leave first once `maxChars` of JSON is held.
 */

import { pageCacheLookups } from '../ops/metrics'

/** What a cached page must give: its serialised text, whose length is what the cache holds. */
export interface SerialisedPage {
  readonly json: string
}

export interface PageKey {
  lessonId: number
  contentVersion: number
  origin: string
  /** messages before the page (its first position - 1) */
  offset: number
  /** messages in the page */
  count: number
}

/** About 8 MB of UTF-16 per worker: some hundreds of pages of 20 messages. */
export const DEFAULT_MAX_CHARS = 4_000_000

const keyOf = (key: PageKey): string => `${key.lessonId}:${key.contentVersion}:${key.offset}:${key.count}:${key.origin}`

export class PageCache<Page extends SerialisedPage> {
  /** insertion order is use order: the first entry is the least recently used */
  private readonly pages = new Map<string, Page>()
  private chars = 0

  constructor(private readonly maxChars: number = DEFAULT_MAX_CHARS) {}

  /** The page stored under `key`, or the one `build` makes now (stored unless it alone is over the bound). */
  async page(key: PageKey, build: () => Promise<Page>): Promise<Page> {
    const id = keyOf(key)
    const cached = this.pages.get(id)
    pageCacheLookups.inc({ result: cached === undefined ? 'miss' : 'hit' })
    if (cached !== undefined) {
      this.pages.delete(id)
      this.pages.set(id, cached)
      return cached
    }
    const built = await build()
    // another request may have stored the same page while this one was built
    this.forget(id)
    if (built.json.length <= this.maxChars) {
      this.pages.set(id, built)
      this.chars += built.json.length
      this.evict()
    }
    return built
  }

  /** characters of JSON held, for tests of the bound */
  get size(): number {
    return this.chars
  }

  private forget(id: string): void {
    const page = this.pages.get(id)
    if (page === undefined) return
    this.pages.delete(id)
    this.chars -= page.json.length
  }

  private evict(): void {
    for (const [id, page] of this.pages) {
      if (this.chars <= this.maxChars) return
      this.pages.delete(id)
      this.chars -= page.json.length
    }
  }
}
