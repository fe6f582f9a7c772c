/**
 * spec 000 §9 in Chromium (issue 17 item 11): an old link (`data`) loads its next page within 5 px
 * of the page bottom, not at 10; a new link within 20 px. One page, one onReachBottomDistance (20).
 */
import type { Page } from 'playwright-core'
import { APP_ROWS, startE2E, type E2E } from './harness'

jest.setTimeout(60000)

/** Scrolls the showing Taro page so that its bottom is `distance` px below the screen's, as a finger would. */
async function scrollToDistance(page: Page, distance: number): Promise<void> {
  await page.evaluate((d) => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    current.scrollTop = current.scrollHeight - current.clientHeight - d
    current.dispatchEvent(new Event('scroll'))
  }, distance)
  await page.waitForTimeout(400)
}

async function openCountingPages(e2e: E2E, url: string, listPath: string): Promise<{ page: Page; pagesAsked: string[] }> {
  const page = await e2e.newPage()
  const pagesAsked: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith(listPath)) pagesAsked.push(String((request.postDataJSON() as { page?: unknown }).page))
  })
  await page.goto(url)
  await page.locator(APP_ROWS).nth(5).waitFor()
  await page.waitForTimeout(300)
  return { page, pagesAsked }
}

describe('load more near the page bottom (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('an old link loads at 3 px from the bottom, not at 10', async () => {
    const { page, pagesAsked } = await openCountingPages(e2e, '/lesson/1?data=legacy-open', '/wmim/course/message/query/list.do')
    expect(pagesAsked).toEqual(['1'])
    await scrollToDistance(page, 300)
    await scrollToDistance(page, 10)
    expect(pagesAsked).toEqual(['1'])
    await scrollToDistance(page, 3)
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length > 10)
    expect(pagesAsked).toEqual(['1', '2'])
  })

  it('a new link loads at 15 px from the bottom', async () => {
    const { page, pagesAsked } = await openCountingPages(e2e, '/lesson?courseData=demo-open', '/wmim/course/v2/message/list.do')
    await scrollToDistance(page, 300)
    await scrollToDistance(page, 15)
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length > 20)
    expect(pagesAsked).toEqual(['1', '2'])
  })
})
