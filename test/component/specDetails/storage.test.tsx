/**
 * Issue 34 section 2 item 9, the browser storage of spec 000 §3: `lessonShareUrl` and the session
 * key `lessonRqId` (what /lessonPay opened, and where its login return goes), and `vipCount` (the
 * slots an exchange won, which /vipExchange3 says while its list loads). The real screens, stores,
 * api and transport run; the request, Taro navigation, the app's storage (in memory) and the tab's
 * sessionStorage (jsdom's) are the edge.
 */
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import type { VipEligibility } from '../../../types/vip'
import { act } from 'react'
import { createClient } from '../../../src/api/client'
import { createVipApi } from '../../../src/api/vip'
import { toPageUrl } from '../../../src/domain/routes'
import { SPEC_VIP_CAMPAIGN, vipCampaignJson } from '../../../src/domain/vip'
import { SlotsStore, VipSlotsScreen } from '../../../src/features/vip'
import { LessonPayScreen } from '../../../src/features/purchase/LessonPayScreen'
import VipExchange2Page from '../../../src/packages/vip/pages/vipExchange2/index'
import VipExchange3Page from '../../../src/packages/vip/pages/vipExchange3/index'
import { memoryStorage } from '../../fixtures/storage'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { screenRig } from '../money/support'
import { fakeBackend, ok, paidLessonInfo, purchaseStores, text, type Handler } from '../purchase/support'

const SHARE_URL = 'http://127.0.0.1:3000/lessonPay/share/demo-paid/1'
const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })
const buttonWithText = (label: string): Element => {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('spec 000 §3 browser storage', () => {
  const rig = screenRig()
  let redirectTo: jest.SpyInstance
  beforeEach(() => {
    sessionStorage.clear()
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockImplementation(() => Promise.resolve({ errMsg: 'redirectTo:ok' }))
  })
  afterEach(() => redirectTo.mockRestore())

  it('/lessonPay keeps its lesson in the tab\'s session (lessonRqId) and the lesson\'s share link (lessonShareUrl)', async () => {
    const stores = purchaseStores(fakeBackend({ '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo({ shareUrl: SHARE_URL }) }) }))
    await mount(rig.utils, WithStores, { stores: stores.app, children: <LessonPayScreen route={{ kind: 'course', courseData: 'demo-paid', payType: 1 }} /> })
    await rig.utils.queries.waitForQuerySelector('.lesson-pay__pay')
    expect(sessionStorage.getItem('lessonRqId')).toBe('demo-paid')
    expect(stores.storage.get('lessonShareUrl')).toBe(SHARE_URL)
  })

  it('a login return naming no lesson goes back to this tab\'s lesson, not to the one another tab stored last', async () => {
    sessionStorage.setItem('lessonRqId', 'this-tab')
    const stores = purchaseStores(fakeBackend({}), { storage: { courseData: 'other-tab' } })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <LessonPayScreen route={{ kind: 'loginReturn', loginData: { loginData: 'ld', isWeMaiUser: 1 } }} /> })
    await until(() => expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('LessonPay', { type: 'share', courseData: 'this-tab', payType: 1 }) }))
  })

  it('a login return with nothing but the last share link goes to that link\'s page', async () => {
    const stores = purchaseStores(fakeBackend({}), { storage: { lessonShareUrl: SHARE_URL } })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <LessonPayScreen route={{ kind: 'loginReturn', loginData: { loginData: 'ld', isWeMaiUser: 1 } }} /> })
    await until(() => expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('LessonPay', { type: 'share', courseData: 'demo-paid', payType: '1' }) }))
  })

  async function showPage(Page: () => JSX.Element, path: string, routes: Record<string, Handler>, stored: Record<string, string> = {}) {
    const backend = fakeBackend(routes)
    const storage = memoryStorage(stored)
    const stores = testAppStores({ storage, transport: () => backend.deps })
    Current.router = route({ data: 'vip-eligible' }, path)
    await mount(rig.utils, WithStores, { stores, children: <Page /> })
    return { backend, storage }
  }

  it('an exchange keeps the slots it won as vipCount; /vipExchange3 says them at once, then keeps what its list says', async () => {
    const eligible: VipEligibility = { groupName: '英语口语一群', memberCount: 655, quota: 10, reason: '', viewer: 'owner', campaign: vipCampaignJson(SPEC_VIP_CAMPAIGN) }
    const step2 = await showPage(VipExchange2Page, '/vipExchange2', {
      '/wmim/vip/exchange/query.do': () => ok({ object: eligible }),
      '/wmim/vip/exchange/confirm.do': () => ok({ object: { quota: 10, slots: [] } }),
    })
    await until(() => expect(text('.vip__group')).toBe('英语口语一群'))
    rig.utils.fireEvent.click(buttonWithText('确认兑换 VIP 名额'))
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
    rig.utils.fireEvent.click(buttonWithText('确定'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('VipExchange3', { data: 'vip-eligible' }) }))
    expect(step2.storage.get('vipCount')).toBe('10')
    rig.utils.unmout()

    // the page's list loads when it shows (useDidShow, which a mounted test page does not get): loading, with the count
    await showPage(VipExchange3Page, '/vipExchange3', {}, { vipCount: step2.storage.get('vipCount') ?? '' })
    await until(() => expect(document.querySelector('.state-view--loading')).not.toBeNull())
    expect(text('.vip__won')).toBe('恭喜你获得 10 个 VIP 名额，可自由使用，不限时间')
    rig.utils.unmout()

    // once the list answers, what it says is what the page keeps
    const backend = fakeBackend({ '/wmim/vip/slot/list.do': () => ok({ object: { quota: 3, slots: [] } }) })
    const store = new SlotsStore(createVipApi(createClient(backend.deps).post), 'vip-eligible')
    const won: number[] = []
    await mount(rig.utils, VipSlotsScreen, { store, onLogin: () => undefined, lastWon: 10, onWon: (quota: number) => void won.push(quota) })
    await act(async () => store.load())
    await until(() => expect(text('.vip__won')).toBe('恭喜你获得 3 个 VIP 名额，可自由使用，不限时间'))
    expect(won).toEqual([3])
  })
})
