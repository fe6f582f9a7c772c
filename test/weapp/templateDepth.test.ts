/**
 * config/index.ts sets `mini.baseLevel` to 12 (Taro's default is 16): base.wxml, in the main package,
 * carries one set of templates per nesting level, and a node deeper than baseLevel renders through
 * Taro's recursive `comp` component instead, a custom component with its own setData. So the lesson
 * page keeps its rows within 12 levels: they render in the page's own tree, with no `comp`. (Built
 * with baseLevel 4, the rows sit inside `comp` and this test fails.)
 */
import { loadPage, type LoadedPage } from './harness'

let page: LoadedPage | undefined
afterEach(async () => {
  await page?.close()
  page = undefined
})

const comps = (p: LoadedPage): number => p.root.dom?.querySelectorAll('comp').length ?? 0

describe('Taro template depth (mini.baseLevel 12)', () => {
  it('the lesson page nests its rows within the base templates', async () => {
    page = await loadPage('pages/lesson/index', { courseData: 'demo-open' })
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.message-row').length > 0, 20000)
    expect(comps(p)).toBe(0)
  })
})
