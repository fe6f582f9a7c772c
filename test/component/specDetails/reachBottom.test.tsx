/**
 * Issue 34 section 2 item 11, spec 001 §9: /profile, /withdraw (income), /withdrawAction
 * (withdrawal records) and /liveSubscribeNoti load their next page within 10 px of the page bottom,
 * not at 11. Each page's
 * own `onReachBottomDistance` (read from its index.config.ts) decides when Taro calls reach-bottom;
 * the list decides whether that is near enough. Faked at the platform edge only: the transport's
 * request, Taro's page hooks (called as Taro calls them on a scroll) and the page's scroll geometry,
 * which jsdom does not lay out.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HOOKS_APP_ID, safeExecute } from '@tarojs/runtime'
import { act } from 'react'
import { IncomeScreen, IncomeStore, WithdrawScreen, WithdrawStore } from '../../../src/features/money'
import { ProfileScreen, createProfileStore } from '../../../src/features/profile'
import { SubscriptionsScreen, SubscriptionsStore } from '../../../src/features/live'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import { fakeBackend } from '../purchase/support'
import type { SalesIncomeRecord } from '../../../types/money'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { SUMMARY, bought, clearing, list, moneyStores, ok, screenRig, type Handler } from '../money/support'

const VIEWPORT_PX = 700
const CONTENT_PX = 5000
const ROOT = join(__dirname, '../../..')

/** The page's onReachBottomDistance, as its config file says it to Taro. */
function configDistance(page: string): number {
  const found = /onReachBottomDistance:\s*(\d+)/.exec(readFileSync(join(ROOT, page, 'index.config.ts'), 'utf8'))
  if (!found) throw new Error(`${page} sets no onReachBottomDistance`)
  return Number(found[1])
}

/** A finger scroll to `distance` px from the bottom: Taro's page-scroll, and reach-bottom inside the page's distance. */
async function scrollTo(distance: number, pageDistance: number): Promise<void> {
  let page = document.querySelector<HTMLElement>('.taro_page_show')
  if (!page) {
    page = document.body.appendChild(document.createElement('div'))
    page.className = 'taro_page taro_page_show'
    Object.defineProperty(page, 'scrollHeight', { value: CONTENT_PX })
    Object.defineProperty(page, 'clientHeight', { value: VIEWPORT_PX })
  }
  page.scrollTop = CONTENT_PX - VIEWPORT_PX - distance
  const scrollTop = page.scrollTop
  await act(async () => {
    safeExecute(HOOKS_APP_ID, 'onPageScroll', { scrollTop })
    if (distance <= pageDistance) safeExecute(HOOKS_APP_ID, 'onReachBottom')
  })
}

const sale = (n: number): SalesIncomeRecord => ({ orderNO: `LP${n}`, buyerFaceIcon: '', buyerNickname: '学员', totalFee: 990, orderType: 1, courseName: `课 ${n}`, orderStatus: 1, payTime: n })

describe('infinite scroll within 10 px (spec 001 §9)', () => {
  const rig = screenRig()
  afterEach(() => document.querySelector('.taro_page_show')?.remove())

  /** A list path that answers full pages of 20, recording the pages asked. */
  function paged<T>(make: (n: number) => T): { handler: Handler; asked: string[] } {
    const asked: string[] = []
    return {
      asked,
      handler: (body) => {
        asked.push(body.page)
        const from = (Number(body.page) - 1) * 20
        return list(Array.from({ length: 20 }, (_, i) => make(from + i + 1)))
      },
    }
  }

  const cases: Array<[string, string, (routes: Record<string, Handler>) => Promise<void>, string, (n: number) => unknown]> = [
    [
      '/profile',
      'src/packages/misc/pages/profile',
      async (routes) => {
        const stores = moneyStores(routes)
        const store = createProfileStore(stores.app)
        await mount(rig.utils, WithStores, { stores: stores.app, children: <ProfileScreen store={store} loginExpired={false} /> })
        await act(async () => store.load())
      },
      '/wmim/course/v2/bought/list.do',
      (n) => bought({ orderNO: `LP${n}`, courseName: `课 ${n}` }),
    ],
    [
      '/withdraw',
      'src/packages/money/pages/withdraw',
      async (routes) => {
        const stores = moneyStores(routes)
        const store = new IncomeStore(stores.money, String)
        await mount(rig.utils, WithStores, { stores: stores.app, children: <IncomeScreen store={store} /> })
        await act(async () => store.load())
      },
      '/wmim/course/v2/income/list.do',
      sale,
    ],
    [
      '/withdrawAction',
      'src/packages/money/pages/withdrawAction',
      async (routes) => {
        const stores = moneyStores(routes)
        const store = new WithdrawStore({ money: stores.money, storage: stores.storage, loginData: stores.app.loginData, messageOf: String })
        await mount(rig.utils, WithStores, { stores: stores.app, children: <WithdrawScreen store={store} /> })
        await act(async () => store.load())
      },
      '/wmim/course/clearing/list.do',
      (n) => clearing({ clearingNO: `CL${n}` }),
    ],
    [
      '/liveSubscribeNoti',
      'src/packages/live/pages/liveSubscribeNoti',
      async (routes) => {
        const stores = moneyStores(routes)
        const backend = fakeBackend(routes)
        const store = new SubscriptionsStore(createLiveApi(createClient(backend.deps).post, async () => ({})), 'signed-openid', String)
        await mount(rig.utils, WithStores, { stores: stores.app, children: <SubscriptionsScreen store={store} /> })
        await act(async () => store.load())
      },
      '/wmim/live/subscribe/qrySubscribeList.do',
      (n) => ({ wmid: `wm_host${n}`, nickname: `主播${n}`, faceIcon: '' }),
    ],
  ]

  it.each(cases)('%s loads its next page at 10 px from the bottom, not at 11', async (_, pageDir, show, path, make) => {
    const distance = configDistance(pageDir)
    const list = paged(make)
    await show({ '/wmim/course/clearing/info.do': () => ok({ object: SUMMARY }), [path]: list.handler })
    await until(() => expect(list.asked).toEqual(['1']))
    await scrollTo(11, distance)
    await scrollTo(11, distance)
    expect(list.asked).toEqual(['1'])
    await scrollTo(10, distance)
    await until(() => expect(list.asked).toEqual(['1', '2']))
  })
})
