/**
 * config/index.ts sets `baseLevel` to 10 (Taro's default is 16): base.wxml, in the main package,
 * carries one set of templates per nesting level, and a node deeper than baseLevel renders through
 * Taro's recursive `comp` component instead, a custom component with its own setData. So the lesson
 * page keeps its rows, of every kind, within 10 levels: they render in the page's own tree, with no
 * `comp`. (Built with baseLevel 4, the rows sit inside `comp`; with 7, a video's poster, the deepest
 * node, is missing from the page's tree: this test fails with either.)
 */
import { loadPage, type LoadedPage } from './harness'

let page: LoadedPage | undefined
afterEach(async () => {
  await page?.close()
  page = undefined
})

const comps = (p: LoadedPage): number => p.root.dom?.querySelectorAll('comp').length ?? 0

describe('Taro template depth (baseLevel 10)', () => {
  it('the lesson page nests its rows within the base templates', async () => {
    page = await loadPage('pages/lesson/index', { courseData: 'demo-open' })
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.message-row').length > 0, 20000)
    expect(comps(p)).toBe(0)
  })

  it('so does a lesson with a message of every kind, down to a video poster, a picture and a voice', async () => {
    page = await loadPage('pages/lesson/index', { courseData: 'demo-all-types' })
    const p = page
    // the first 20 rows hold every kind (test/weapp/cells.test.ts)
    await p.waitFor(() => p.root.querySelectorAll('.message-row').length >= 20, 20000)
    const missing = (): string[] => ['.cell-video__poster-img', '.cell-image__img', '.voice-cell'].filter((selector) => p.root.querySelectorAll(selector).length === 0)
    await p.waitFor(() => missing().length === 0, 5000).catch(() => undefined)
    expect(missing()).toEqual([])
    expect(comps(p)).toBe(0)
  })
})
