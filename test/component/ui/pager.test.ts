import { Pager, type PageResult } from '../../../src/ui/pager'

/** A source whose pages the test answers one by one, in any order. */
function source() {
  const pending: { page: number; resolve(r: PageResult<string>): void; reject(e: unknown): void }[] = []
  const fetchPage = jest.fn(
    (page: number) =>
      new Promise<PageResult<string>>((resolve, reject) => {
        pending.push({ page, resolve, reject })
      }),
  )
  const call = (page: number) => {
    const index = pending.findIndex((p) => p.page === page)
    if (index < 0) throw new Error(`no pending fetch of page ${page}`)
    return pending.splice(index, 1)[0]
  }
  return {
    fetchPage,
    answer: (page: number, items: string[], end = false) => call(page).resolve({ items, end }),
    fail: (page: number, message: string) => call(page).reject(new Error(message)),
  }
}

describe('Pager', () => {
  it('loads the first page, then the next ones, until the end', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    expect(pager.loading).toBe(false)

    const first = pager.loadMore()
    expect(pager.loading).toBe(true)
    expect(pager.loadingMore).toBe(false)
    src.answer(1, ['a', 'b'])
    await first
    expect(pager.items).toEqual(['a', 'b'])
    expect(pager.page).toBe(1)
    expect(pager.loading).toBe(false)

    const second = pager.loadMore()
    expect(pager.loadingMore).toBe(true)
    src.answer(2, ['c'], true)
    await second
    expect(pager.items).toEqual(['a', 'b', 'c'])
    expect(pager.end).toBe(true)
    expect(pager.loadingMore).toBe(false)

    await pager.loadMore()
    expect(src.fetchPage).toHaveBeenCalledTimes(2)
  })

  it('is empty when the first page ends with nothing', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const load = pager.loadMore()
    expect(pager.empty).toBe(false)
    src.answer(1, [], true)
    await load
    expect(pager.empty).toBe(true)
  })

  it('gives every caller the load already running instead of starting another', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const a = pager.loadMore()
    const b = pager.loadMore()
    expect(b).toBe(a)
    expect(src.fetchPage).toHaveBeenCalledTimes(1)
    src.answer(1, ['a'])
    await Promise.all([a, b])
    expect(pager.items).toEqual(['a'])
  })

  it('reports a failed first page as the error, and loadMore retries it', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const load = pager.loadMore()
    src.fail(1, 'network down')
    await load
    expect(pager.error).toBe('network down')
    expect(pager.pageError).toBeUndefined()
    expect(pager.loading).toBe(false)

    const retry = pager.loadMore()
    expect(pager.error).toBeUndefined()
    expect(pager.loading).toBe(true)
    src.answer(1, ['a'])
    await retry
    expect(pager.items).toEqual(['a'])
  })

  it('keeps the shown pages when a later page fails, and loadMore retries that page', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const first = pager.loadMore()
    src.answer(1, ['a', 'b'])
    await first
    const second = pager.loadMore()
    src.fail(2, 'timeout')
    await second
    expect(pager.items).toEqual(['a', 'b'])
    expect(pager.pageError).toBe('timeout')
    expect(pager.error).toBeUndefined()
    expect(pager.loadingMore).toBe(false)

    const retry = pager.loadMore()
    expect(src.fetchPage).toHaveBeenLastCalledWith(2)
    expect(pager.pageError).toBeUndefined()
    src.answer(2, ['c'], true)
    await retry
    expect(pager.items).toEqual(['a', 'b', 'c'])
  })

  it('words failures with messageOf', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage, { messageOf: () => 'Something went wrong' })
    const load = pager.loadMore()
    src.fail(1, 'ECONNRESET')
    await load
    expect(pager.error).toBe('Something went wrong')
  })

  it('replaces the list on refresh only when page 1 arrives', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const first = pager.loadMore()
    src.answer(1, ['a', 'b'])
    await first
    const second = pager.loadMore()
    src.answer(2, ['c'], true)
    await second

    const refresh = pager.refresh()
    expect(pager.refreshing).toBe(true)
    expect(pager.items).toEqual(['a', 'b', 'c'])
    expect(pager.loading).toBe(false)
    src.answer(1, ['z'])
    await refresh
    expect(pager.items).toEqual(['z'])
    expect(pager.page).toBe(1)
    expect(pager.end).toBe(false)
    expect(pager.refreshing).toBe(false)

    const more = pager.loadMore()
    expect(src.fetchPage).toHaveBeenLastCalledWith(2)
    src.answer(2, ['y'], true)
    await more
    expect(pager.items).toEqual(['z', 'y'])
  })

  it('keeps the list when a refresh fails, and says so', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const first = pager.loadMore()
    src.answer(1, ['a'])
    await first
    const refresh = pager.refresh()
    src.fail(1, 'offline')
    await refresh
    expect(pager.items).toEqual(['a'])
    expect(pager.refreshError).toBe('offline')
    expect(pager.error).toBeUndefined()
    expect(pager.refreshing).toBe(false)
  })

  it('drops a next page that answers after a refresh started', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const first = pager.loadMore()
    src.answer(1, ['a'])
    await first
    const stale = pager.loadMore()
    const refresh = pager.refresh()
    expect(pager.loadingMore).toBe(false)
    // while the refresh runs, loading more waits for it
    expect(pager.loadMore()).toBe(refresh)
    src.answer(1, ['fresh'])
    await refresh
    src.answer(2, ['stale page 2'])
    await stale
    expect(pager.items).toEqual(['fresh'])
    expect(pager.page).toBe(1)
    expect(pager.fetching).toBe(false)
  })

  it('drops a failure of a next page that answers after a refresh started', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const first = pager.loadMore()
    src.answer(1, ['a'])
    await first
    const stale = pager.loadMore()
    const refresh = pager.refresh()
    src.answer(1, ['fresh'])
    await refresh
    src.fail(2, 'timeout')
    await stale
    expect(pager.pageError).toBeUndefined()
    expect(pager.items).toEqual(['fresh'])
  })

  it('counts a refresh of a list that never loaded as its first load', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const refresh = pager.refresh()
    expect(pager.loading).toBe(true)
    src.fail(1, 'offline')
    await refresh
    expect(pager.error).toBe('offline')
    const again = pager.refresh()
    expect(pager.error).toBeUndefined()
    src.answer(1, ['a'])
    await again
    expect(pager.items).toEqual(['a'])
  })

  it('shares a refresh already running', async () => {
    const src = source()
    const pager = new Pager(src.fetchPage)
    const a = pager.refresh()
    expect(pager.refresh()).toBe(a)
    expect(src.fetchPage).toHaveBeenCalledTimes(1)
    src.answer(1, [])
    await a
  })
})
