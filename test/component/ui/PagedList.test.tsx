import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { HOOKS_APP_ID, safeExecute } from '@tarojs/runtime'
import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { act } from 'react'
import { PagedList, type PagedListProps } from '../../../src/ui/PagedList'
import { Pager, type PageResult } from '../../../src/ui/pager'
import { t } from '../../../src/locales'
import { $, $$, cleanup, deferred, flushPromises, press, render, text } from './harness'

interface Row {
  id: number
  name: string
}

const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id, name: `row ${id}` }))

function props(overrides: Partial<PagedListProps<Row>> = {}): PagedListProps<Row> {
  return {
    items: rows(1, 2),
    renderItem: (row) => <Text className='row'>{row.name}</Text>,
    keyOf: (row) => row.id,
    threshold: 20,
    end: false,
    onLoadMore: jest.fn(),
    ...overrides,
  }
}

/** What Taro does when the page is scrolled to within onReachBottomDistance of its bottom. */
const reachBottom = () => act(async () => void safeExecute(HOOKS_APP_ID, 'onReachBottom'))
/** What Taro does when the reader pulls the page down and lets go. */
const pullDown = () => act(async () => void safeExecute(HOOKS_APP_ID, 'onPullDownRefresh'))

/** The page Taro reports as current, with this page config (index.config.ts). */
function setPageConfig(config: Taro.PageConfig): void {
  Taro.getCurrentInstance().page = { config, onLoad: () => undefined, onUnload: () => undefined }
}

const rowTexts = () => $$('.row').map((r) => r.textContent)

let stopPullDownRefresh: jest.SpyInstance
beforeEach(() => {
  stopPullDownRefresh = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined)
})
afterEach(async () => {
  await cleanup()
  stopPullDownRefresh.mockRestore()
  Taro.getCurrentInstance().page = null
})

describe('PagedList', () => {
  it('renders the items inline with their classes, and no footer while idle', async () => {
    await render(<PagedList {...props({ classNames: { items: 'lesson__list' } })} />)
    expect(rowTexts()).toEqual(['row 1', 'row 2'])
    expect($('.lesson__list').classList).toContain('ui-paged-list__items')
    expect($$('.ui-paged-list__footer')).toHaveLength(0)
  })

  it('loads more when the page reaches its bottom, but not while loading, at the end or after a first-page error', async () => {
    const onLoadMore = jest.fn()
    const view = await render(<PagedList {...props({ onLoadMore })} />)
    await reachBottom()
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    for (const state of [{ loadingMore: true }, { loading: true }, { end: true }, { error: 'down', items: [] }]) {
      await view.rerender(<PagedList {...props({ onLoadMore, ...state })} />)
      await reachBottom()
    }
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it('shows loading more, then the end, in a live region and with the screen footer classes', async () => {
    const classNames = { footer: 'lesson-footer', footerLoading: 'lesson-footer--loading', footerEnd: 'lesson-footer--end' }
    const view = await render(<PagedList {...props({ loadingMore: true, classNames, loadingMoreText: 'Loading lesson…' })} />)
    expect(text('.lesson-footer--loading')).toBe('Loading lesson…')
    expect($('.lesson-footer--loading .ui-paged-list__spinner')).toBeTruthy()
    expect($('.lesson-footer--loading').parentElement?.getAttribute('role')).toBe('status')

    await view.rerender(<PagedList {...props({ end: true, classNames })} />)
    expect(text('.lesson-footer--end')).toBe(t('ui.list.end'))
    expect($('.lesson-footer--end').classList).toContain('lesson-footer')
    expect(document.querySelector('.lesson-footer--loading')).toBeNull()

    await view.rerender(<PagedList {...props({ end: true, classNames, endText: '— exported from the app —' })} />)
    expect(text('.lesson-footer--end')).toBe('— exported from the app —')
  })

  it('shows the empty state, without a footer, when the list ends with nothing', async () => {
    const view = await render(<PagedList {...props({ items: [], end: true })} />)
    expect(text('.state-view--empty .state-view__title')).toBe(t('ui.list.empty'))
    expect($$('.ui-paged-list__footer')).toHaveLength(0)
    await view.rerender(<PagedList {...props({ items: [], end: true, emptyText: 'No lessons yet' })} />)
    expect(text('.state-view__title')).toBe('No lessons yet')
  })

  it('shows the loading state while the first page loads', async () => {
    await render(<PagedList {...props({ items: [], loading: true })} />)
    expect(text('.state-view--loading .state-view__title')).toBe(t('ui.list.loading'))
    expect($$('.row')).toHaveLength(0)
  })

  it('shows a failed first page as an error state whose retry loads it again', async () => {
    const onLoadMore = jest.fn()
    await render(<PagedList {...props({ items: [], error: 'network down', onLoadMore })} />)
    expect($('.state-view').getAttribute('role')).toBe('alert')
    expect(text('.state-view__title')).toBe(t('ui.list.error'))
    expect(text('.state-view__detail')).toBe('network down')
    await press('.state-view__action')
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it('keeps the shown items when a later page fails; the footer says so and retries', async () => {
    const onLoadMore = jest.fn()
    const classNames = { footer: 'lesson-footer', footerError: 'lesson-footer--error' }
    const view = await render(<PagedList {...props({ pageError: 'timeout', onLoadMore, classNames })} />)
    expect(rowTexts()).toEqual(['row 1', 'row 2'])
    expect($('.lesson-footer--error').getAttribute('role')).toBe('alert')
    expect(text('.lesson-footer--error')).toContain('timeout')
    expect(text('.ui-paged-list__retry')).toBe(t('ui.retry'))
    expect($('.ui-paged-list__retry').getAttribute('role')).toBe('button')
    await press('.ui-paged-list__retry')
    expect(onLoadMore).toHaveBeenCalledTimes(1)

    await view.rerender(<PagedList {...props({ pageError: '', classNames })} />)
    expect(text('.lesson-footer--error')).toContain(t('ui.list.error'))
  })

  it('refreshes on pull-down and stops the spinner only when the refresh settles', async () => {
    const refresh = deferred()
    const onRefresh = jest.fn(() => refresh.promise)
    await render(<PagedList {...props({ onRefresh })} />)
    await pullDown()
    expect(onRefresh).toHaveBeenCalledTimes(1)
    expect(stopPullDownRefresh).not.toHaveBeenCalled()
    refresh.resolve()
    await flushPromises()
    expect(stopPullDownRefresh).toHaveBeenCalledTimes(1)
  })

  it('stops the spinner when the refresh rejects too', async () => {
    const onRefresh = jest.fn(() => Promise.reject(new Error('offline')))
    await render(<PagedList {...props({ onRefresh })} />)
    await pullDown()
    await flushPromises()
    expect(stopPullDownRefresh).toHaveBeenCalledTimes(1)
  })

  it('stops the spinner at once when the list has no refresh', async () => {
    await render(<PagedList {...props()} />)
    await pullDown()
    expect(stopPullDownRefresh).toHaveBeenCalledTimes(1)
  })

  it('warns in development when the page config disagrees with its threshold or refresh', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      setPageConfig({ onReachBottomDistance: 20 })
      const view = await render(<PagedList {...props({ threshold: 20 })} />)
      // a smaller threshold is measured by the list inside the page's distance
      await view.rerender(<PagedList {...props({ threshold: 5, pageDistance: 20 })} />)
      expect(warn).not.toHaveBeenCalled()
      await view.unmount()

      setPageConfig({})
      await render(<PagedList {...props({ threshold: 10, onRefresh: async () => undefined })} />)
      expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining('threshold 10 px'),
        expect.stringContaining('enablePullDownRefresh'),
      ])
    } finally {
      warn.mockRestore()
    }
  })
})

describe('PagedList with a threshold below the page config\'s', () => {
  /** The showing page's scroll geometry (jsdom lays nothing out): its bottom `distance` px below the screen's. */
  function pageAt(distance: number): number {
    let page = document.querySelector<HTMLElement>('.taro_page_show')
    if (!page) {
      page = document.body.appendChild(document.createElement('div'))
      page.className = 'taro_page taro_page_show'
      Object.defineProperty(page, 'scrollHeight', { value: 3000 })
      Object.defineProperty(page, 'clientHeight', { value: 800 })
    }
    page.scrollTop = 2200 - distance
    return page.scrollTop
  }
  const scroll = async (distance: number, reachBottom = false) => {
    const scrollTop = pageAt(distance)
    await act(async () => {
      safeExecute(HOOKS_APP_ID, 'onPageScroll', { scrollTop })
      if (reachBottom) safeExecute(HOOKS_APP_ID, 'onReachBottom')
    })
    await flushPromises()
  }
  afterEach(() => document.querySelector('.taro_page_show')?.remove())

  it('loads once the page itself is within the threshold, and measures only inside the page\'s distance', async () => {
    const onLoadMore = jest.fn()
    await render(<PagedList {...props({ threshold: 5, pageDistance: 20, onLoadMore })} />)
    await scroll(12, true)
    await scroll(6)
    expect(onLoadMore).not.toHaveBeenCalled()
    await scroll(4)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // the next page's rows push the bottom away; back near it, Taro calls reach-bottom again
    await scroll(3)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    await scroll(400)
    await scroll(2, true)
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('scrolled out of the page\'s distance before reaching the threshold, loads nothing until it comes back', async () => {
    const onLoadMore = jest.fn()
    await render(<PagedList {...props({ threshold: 5, pageDistance: 20, onLoadMore })} />)
    await scroll(15, true)
    await scroll(300)
    await scroll(4)
    expect(onLoadMore).not.toHaveBeenCalled()
    await scroll(4, true)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })
})

describe('PagedList with a Pager', () => {
  /** A money-list screen in miniature: an observer over a pager. */
  const Screen = observer(function Screen({ pager }: { pager: Pager<Row> }) {
    return (
      <PagedList
        items={pager.items}
        renderItem={(row) => <Text className='row'>{row.name}</Text>}
        keyOf={(row) => row.id}
        threshold={10}
        loading={pager.loading}
        loadingMore={pager.loadingMore}
        end={pager.end}
        error={pager.error}
        pageError={pager.pageError}
        onLoadMore={() => void pager.loadMore()}
        onRefresh={() => pager.refresh()}
      />
    )
  })

  function Host({ fetchPage }: { fetchPage: (page: number) => Promise<PageResult<Row>> }) {
    const [pager] = useState(() => new Pager(fetchPage))
    useEffect(() => void pager.loadMore(), [pager])
    return <Screen pager={pager} />
  }

  it('loads, shows a failed page without losing the rows, retries, reaches the end and refreshes', async () => {
    const firstPage = deferred<PageResult<Row>>()
    const answers: (() => Promise<PageResult<Row>>)[] = [
      () => firstPage.promise,
      async () => {
        throw new Error('timeout')
      },
      async () => ({ items: rows(3), end: true }),
      async () => ({ items: rows(9), end: false }),
    ]
    const fetchPage = jest.fn((page: number) => {
      const answer = answers.shift()
      if (!answer) throw new Error(`unexpected fetch of page ${page}`)
      return answer()
    })
    await render(<Host fetchPage={fetchPage} />)
    expect($$('.state-view--loading')).toHaveLength(1)
    firstPage.resolve({ items: rows(1, 2), end: false })
    await flushPromises()
    expect(rowTexts()).toEqual(['row 1', 'row 2'])

    await reachBottom()
    await flushPromises()
    expect(rowTexts()).toEqual(['row 1', 'row 2'])
    expect(text('.ui-paged-list__footer--error')).toContain('timeout')

    await press('.ui-paged-list__retry')
    await flushPromises()
    expect(rowTexts()).toEqual(['row 1', 'row 2', 'row 3'])
    expect(text('.ui-paged-list__footer--end')).toBe(t('ui.list.end'))
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 2])

    await pullDown()
    await flushPromises()
    expect(rowTexts()).toEqual(['row 9'])
    expect($$('.ui-paged-list__footer')).toHaveLength(0)
    expect(stopPullDownRefresh).toHaveBeenCalledTimes(1)
  })
})
