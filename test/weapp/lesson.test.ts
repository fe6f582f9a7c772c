/**
 * @jest-environment jsdom
 */
import { loadPage, optionsOf, type LoadedPage } from './harness'
import { anyString } from '../matchers'

describe('compiled mini-program lesson page (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('loads the seeded open lesson through wx.request and shows its title, date and messages', async () => {
    page = await loadPage('pages/lesson/index', { courseData: 'demo-open' })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length >= 20)
    const calls = loaded.wx.request.mock.calls.map(([options]: [{ url: string; data: string; method: string }]) => options)
    expect(calls[0].url).toBe('http://127.0.0.1:3000/wmim/course/v2/query/info.do')
    expect(calls[0].method).toBe('POST')
    expect(calls[0].data).toBe('courseData=demo-open')
    expect(calls[1].url).toContain('/wmim/course/v2/message/list.do')
    expect(calls[1].data).toContain('page=1')
    expect(calls[1].data).toContain('pageSize=20')
    expect(loaded.wx.setNavigationBarTitle).toHaveBeenCalledWith(expect.objectContaining({ title: anyString() }))
    const title = (optionsOf(loaded.wx.setNavigationBarTitle).at(-1) as { title: string }).title
    expect(title.length).toBeGreaterThan(0)
    expect(loaded.text()).toMatch(/创建于 \d{4}-\d{2}-\d{2}/)
    expect(loaded.text()).toContain('上午')
  })

  it('opens an old link (data=) through the old calls', async () => {
    page = await loadPage('pages/lesson/index', { isPayLesson: '0', data: 'legacy-open' })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length > 0)
    const urls = loaded.wx.request.mock.calls.map(([options]: [{ url: string }]) => options.url)
    expect(urls[0]).toContain('/wmim/course/query/info.do')
    expect(urls[1]).toContain('/wmim/course/message/query/list.do')
  })

  it('shows "course does not exist" for an unknown lesson', async () => {
    page = await loadPage('pages/lesson/index', { courseData: 'no-such-lesson' })
    const loaded = page
    await loaded.waitFor(() => loaded.text().includes('课程不存在'))
    expect(loaded.root.querySelectorAll('.message-row')).toHaveLength(0)
  })
})
