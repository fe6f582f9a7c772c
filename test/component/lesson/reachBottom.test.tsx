/**
 * spec 000 §9: the lesson viewer loads more within 20 px of the page bottom, the old viewers
 * (`data` links) within 5 px (issue 17 item 11). Both are one mini-program page with one static
 * `onReachBottomDistance` (20): inside it, the old viewer's list measures the page itself.
 * Faked at the platform edge only: the transport's request, Taro's page hooks (called as Taro
 * calls them on a scroll) and the page's scroll geometry, which jsdom does not lay out.
 */
import { HOOKS_APP_ID, safeExecute } from '@tarojs/runtime'
import { act } from 'react'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import type { LessonLink } from '../../../src/domain/lessonLink'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { WithStores } from '../appStores'
import { fakeBackend, ok, purchaseStores } from '../purchase/support'
import { $$, cleanup, render, settle, until } from '../ui/harness'

/** pages/lesson/index.config.ts: Taro calls reach-bottom within this distance */
const PAGE_CONFIG_DISTANCE = 20
const VIEWPORT_PX = 700
const CONTENT_PX = 5000

const message = (id: number) => ({ id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) })
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => message(from + i))

/** The showing Taro page element, scrolled so its bottom is `distance` px below the screen's. */
function scrollPageTo(distance: number): number {
  let page = document.querySelector<HTMLElement>('.taro_page_show')
  if (!page) {
    page = document.body.appendChild(document.createElement('div'))
    page.className = 'taro_page taro_page_show'
    Object.defineProperty(page, 'scrollHeight', { value: CONTENT_PX })
    Object.defineProperty(page, 'clientHeight', { value: VIEWPORT_PX })
  }
  page.scrollTop = CONTENT_PX - VIEWPORT_PX - distance
  return page.scrollTop
}

/** A finger scroll to `distance` px from the bottom: Taro's page-scroll, and reach-bottom inside its distance. */
async function scrollTo(distance: number): Promise<void> {
  const scrollTop = scrollPageTo(distance)
  await act(async () => {
    safeExecute(HOOKS_APP_ID, 'onPageScroll', { scrollTop })
    if (distance < PAGE_CONFIG_DISTANCE) safeExecute(HOOKS_APP_ID, 'onReachBottom')
  })
  await settle()
}

async function openLesson(link: LessonLink) {
  const pagesAsked: string[] = []
  const list = (body: Record<string, string>) => {
    pagesAsked.push(body.page)
    const size = Number(body.pageSize)
    return ok({ array: range((Number(body.page) - 1) * size + 1, size) })
  }
  const backend = fakeBackend({
    '/wmim/course/v2/query/info.do': () => ok({ object: lessonInfo() }),
    '/wmim/course/query/info.do': () => ok({ object: lessonInfo() }),
    '/wmim/course/v2/message/list.do': list,
    '/wmim/course/message/query/list.do': list,
  })
  const { app, lessonStore } = purchaseStores(backend)
  await render(
    <WithStores stores={app}>
      <LessonScreen link={link} store={lessonStore} />
    </WithStores>,
  )
  await until(() => expect(pagesAsked).toEqual(['1']))
  return pagesAsked
}

afterEach(async () => {
  await cleanup()
  document.querySelector('.taro_page_show')?.remove()
})

describe('load more near the page bottom', () => {
  it('an old link (data) pages by 10 and loads at 5 px from the bottom, not at 10', async () => {
    const pagesAsked = await openLesson({ kind: 'legacy', data: 'legacy-open' })
    await until(() => expect($$('.message-row')).toHaveLength(10))

    await scrollTo(10)
    await scrollTo(8)
    expect(pagesAsked).toEqual(['1'])

    await scrollTo(5)
    await until(() => expect(pagesAsked).toEqual(['1', '2']))
    await until(() => expect($$('.message-row').length).toBeGreaterThan(10))
  })

  it('an old link scrolled straight to the bottom loads at once', async () => {
    const pagesAsked = await openLesson({ kind: 'legacy', data: 'legacy-open' })
    await scrollTo(0)
    await until(() => expect(pagesAsked).toEqual(['1', '2']))
  })

  it('a new link (courseData) loads at 19 px, inside the page\'s 20', async () => {
    const pagesAsked = await openLesson({ kind: 'v2', courseData: 'demo-open' })
    await until(() => expect($$('.message-row')).toHaveLength(20))
    await scrollTo(19)
    await until(() => expect(pagesAsked).toEqual(['1', '2']))
  })
})
