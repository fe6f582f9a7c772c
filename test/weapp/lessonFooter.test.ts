/**
 * @jest-environment jsdom
 */
/**
 * The lesson list's footer in the compiled mini-program (issue 17 item 1, the weapp build): a
 * later page that fails says so with a retry, the retry loads it, and a lesson whose count is a
 * multiple of 20 ends with the footer after the final 404. wx.request is answered by the real
 * server except where a test takes the network away.
 */
import { LessonRepository } from '../../server/lesson/data'
import { loadPage, type LoadedPage } from './harness'
import { all, reachBottom, tap } from './taroTree'

type RequestOptions = { url: string; data?: string; fail?: (err: unknown) => void; complete?: (res: unknown) => void }

describe('compiled lesson page: the list footer', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  const count = (loaded: LoadedPage, selector: string) => loaded.root.querySelectorAll(selector).length
  const rows = (loaded: LoadedPage) => count(loaded, '.message-row')

  it('shows a failed page 2 with a retry (no toast as well), and the retry loads it', async () => {
    let down = true
    page = await loadPage('pages/lesson/index', { courseData: 'demo-open' }, (wx) => {
      const answer = wx.request.getMockImplementation() as (options: RequestOptions) => unknown
      wx.request.mockImplementation((options: RequestOptions) => {
        if (down && options.data?.includes('page=2')) {
          options.fail?.({ errMsg: 'request:fail' })
          options.complete?.({ errMsg: 'request:fail' })
          return { abort: jest.fn() }
        }
        return answer(options)
      })
    })
    const loaded = page
    await loaded.waitFor(() => rows(loaded) === 20)

    reachBottom(loaded)
    await loaded.waitFor(() => count(loaded, '.lesson-footer--error') === 1)
    expect(loaded.text()).toContain('网络请求异常')
    expect(loaded.wx.showToast).not.toHaveBeenCalled()
    expect(rows(loaded)).toBe(20)

    down = false
    await tap(all(loaded, '.ui-paged-list__retry')[0])
    await loaded.waitFor(() => rows(loaded) === 40)
    expect(count(loaded, '.lesson-footer--error')).toBe(0)
  })

  it('ends a lesson of 60 messages with the footer after the final 404', async () => {
    // the list is windowed past 50 rows, so progress is read from the list pages the server answered
    const answered: number[] = []
    page = await loadPage('pages/lesson/index', { courseData: 'demo-open' }, async (wx, server) => {
      const last = await server.db.all<{ id: number }>(
        "SELECT m.id FROM messages m JOIN lessons l ON l.id = m.lesson_id WHERE l.course_data = 'demo-open' ORDER BY m.id DESC LIMIT 5",
      )
      await new LessonRepository(server.db).deleteMessages(last.map((m) => m.id))
      const answer = wx.request.getMockImplementation() as (options: RequestOptions) => unknown
      wx.request.mockImplementation((options: RequestOptions) => {
        const listPage = options.url.endsWith('/list.do') ? /(?:^|&)page=(\d+)/.exec(options.data ?? '') : null
        const complete = options.complete
        return answer({
          ...options,
          complete: (res: unknown) => {
            if (listPage) answered.push(Number(listPage[1]))
            complete?.(res)
          },
        })
      })
    })
    const loaded = page
    for (const listPage of [1, 2, 3]) {
      await loaded.waitFor(() => answered.includes(listPage) && rows(loaded) > 0)
      expect(count(loaded, '.lesson-footer--end')).toBe(0)
      reachBottom(loaded)
    }
    await loaded.waitFor(() => count(loaded, '.lesson-footer--end') === 1)
    expect(loaded.text()).toContain('内容由 微脉 App 导出')
    expect(answered).toEqual([1, 2, 3, 4])
    expect(rows(loaded)).toBeLessThanOrEqual(50)
  })
})
