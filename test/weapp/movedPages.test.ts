/**
 * Issue 36 item 3: pages the first page does not need left the main package. A mini-program link or
 * share card written with such a page's old main-package path (`pages/lessonPay/index?…`) opens
 * no page; WeChat calls the app's onPageNotFound, which sends it to the page's new path with its
 * query. Any other unknown path still lands on the not-found page.
 */
import { DIST, loadPage, optionsOf, type LoadedPage } from './harness'
import fs from 'fs'
import path from 'path'

type NotFound = (res: { path: string; query: Record<string, string>; isEntryPage: boolean }) => void

let page: LoadedPage | undefined
afterEach(async () => {
  await page?.close()
  page = undefined
})

async function openMissing(missing: string, query: Record<string, string>): Promise<LoadedPage> {
  page = await loadPage('pages/notFound/index', {})
  const app = (globalThis as unknown as { getApp(): { onPageNotFound: NotFound } }).getApp()
  app.onPageNotFound({ path: missing, query, isEntryPage: true })
  return page
}

describe('an old main-package page path', () => {
  it('the moved pages are outside the main package of the build', () => {
    const app = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8')) as { pages: string[] }
    expect(app.pages).toEqual(['pages/launcher/index', 'pages/lesson/index', 'pages/notFound/index', 'pages/home/index', 'pages/offlineLesson/index'])
    expect(fs.existsSync(path.join(DIST, 'packages/money/pages/lessonPay/index.js'))).toBe(true)
  })

  it('/pages/lessonPay/index opens the pay page at its new path with its query', async () => {
    const p = await openMissing('pages/lessonPay/index', { type: 'share', courseData: 'demo-paid', payType: '1' })
    await p.waitFor(() => p.wx.redirectTo.mock.calls.length === 1)
    expect(optionsOf(p.wx.redirectTo)[0]).toMatchObject({ url: '/packages/money/pages/lessonPay/index?type=share&courseData=demo-paid&payType=1' })
  })

  it('an unknown path still lands on the not-found page', async () => {
    const p = await openMissing('pages/nothing/index', {})
    await p.waitFor(() => p.wx.redirectTo.mock.calls.length === 1)
    expect(optionsOf(p.wx.redirectTo)[0]).toMatchObject({ url: '/pages/notFound/index?path=pages%2Fnothing%2Findex' })
  })
})
