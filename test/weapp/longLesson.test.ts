/**
 * @jest-environment jsdom
 */
import { seedLongLesson } from '../../server/lesson/seedLongLesson'
import { loadPage, type LoadedPage } from './harness'

/**
 * A long lesson in the compiled mini-program: every page appended by reach-bottom, each setData
 * the page sends recorded. WeChat's bridge copies every setData: an append must send only what
 * changed (the spacer below the mounted rows, the footer), never the whole list.
 */
const COURSE = 'weapp-long'
const MESSAGES = 600
const PAGE_SIZE = 20
/** far below WeChat's 1 MB limit per call, as issue 16 asks */
const SET_DATA_LIMIT = 256 * 1024

interface PageInstance {
  setData(data: Record<string, unknown>, callback?: () => void): void
  onReachBottom(): void
}

describe('compiled mini-program lesson page, 600 messages', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('appends every page with small setData calls and keeps the mounted rows bounded', async () => {
    page = await loadPage('pages/lesson/index', { courseData: COURSE }, (_wx, server) =>
      seedLongLesson(server.db, { courseData: COURSE, count: MESSAGES }),
    )
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length >= PAGE_SIZE)
    const instance = (getCurrentPages() as unknown as PageInstance[]).at(-1)
    if (!instance) throw new Error('no page instance')
    const sizes: number[] = []
    const setData = instance.setData.bind(instance)
    instance.setData = (data, callback) => {
      sizes.push(JSON.stringify(data).length)
      setData(data, callback)
    }
    const listCalls = () =>
      loaded.wx.request.mock.calls.filter(([options]: [{ url: string }]) => options.url.includes('/message/list.do')).length

    // reach-bottom is ignored while a page loads: asking until the next page is requested means
    // each round holds the setData of exactly one appended page (the one before it)
    const perAppend: number[] = []
    let before = sizes.length
    for (let pageNo = 3; pageNo <= MESSAGES / PAGE_SIZE + 1; pageNo++) {
      instance.onReachBottom()
      await loaded.waitFor(() => {
        if (listCalls() < pageNo) instance.onReachBottom()
        return listCalls() >= pageNo
      })
      perAppend.push(sizes.slice(before).reduce((a, b) => a + b, 0))
      before = sizes.length
    }
    await loaded.waitFor(() => loaded.root.querySelectorAll('.lesson-footer--end').length === 1)

    expect(Math.max(...sizes)).toBeLessThan(SET_DATA_LIMIT)
    // rows 20-40 and rows 580-600 cost the same: the append sends no rows it does not mount
    const early = perAppend.slice(1, 4)
    const late = perAppend.slice(-3)
    expect(Math.max(...late)).toBeLessThanOrEqual(Math.max(...early) * 1.5)
    expect(Math.max(...late)).toBeLessThan(8 * 1024)
    const rows = loaded.root.querySelectorAll('.message-row').length
    expect(rows).toBeGreaterThan(0)
    expect(rows).toBeLessThanOrEqual(50)
  })
})
