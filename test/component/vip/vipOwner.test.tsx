/**
 * Issue 29 items 6 and 11 on the pages: a visitor who is not logged in is asked to log in with the
 * link's account, someone else is told the slots are the owner's and what they can do instead, and
 * a friend lookup over the limit says so under the field. The real page shells, stores and vip api
 * run; only the request and Taro's navigation (the edge) are faked.
 */
import { Current } from '@tarojs/runtime'
import type { VipEligibility } from '../../../types/vip'
import VipExchange2Page from '../../../src/packages/vip/pages/vipExchange2/index'
import { act } from 'react'
import { createVipApi } from '../../../src/api/vip'
import { createClient } from '../../../src/api/client'
import { SlotsStore, VipSlotsScreen } from '../../../src/features/vip'
import VipExchange4Page from '../../../src/packages/vip/pages/vipExchange4/index'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, text, typeInto, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'
import { SPEC_VIP_CAMPAIGN, vipCampaignJson } from '../../../src/domain/vip'

const ELIGIBILITY = '/wmim/vip/exchange/query.do'
const SLOTS = '/wmim/vip/slot/list.do'
const FRIEND = '/wmim/vip/friend/query.do'

const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })
const ELIGIBLE: VipEligibility = { groupName: '英语口语一群', memberCount: 655, quota: 10, reason: '', viewer: 'owner', campaign: vipCampaignJson(SPEC_VIP_CAMPAIGN) }

const buttons = (): string[] => [...document.querySelectorAll('taro-button-core')].map((b) => b.textContent?.trim() ?? '')

describe('who may act on a VIP campaign link', () => {
  const rig = screenRig()

  async function showPage(Page: () => JSX.Element, params: Record<string, string>, path: string, routes: Record<string, Handler>) {
    const backend = fakeBackend(routes)
    const stores = testAppStores({ transport: () => backend.deps })
    Current.router = route(params, path)
    await mount(rig.utils, WithStores, { stores, children: <Page /> })
    return backend
  }

  it('step 2 asks a visitor who is not logged in to log in, in place of the exchange', async () => {
    await showPage(VipExchange2Page, { data: 'vip-eligible' }, '/vipExchange2', { [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, viewer: 'guest' } }) })
    await until(() => expect(text('.vip__access .vip__card-title')).toBe('请先登录'))
    expect(text('.vip__group')).toBe('英语口语一群')
    expect(buttons()).toEqual(['登录'])
  })

  it('step 2 tells another account the slots are the owner\'s and what it can do instead', async () => {
    await showPage(VipExchange2Page, { data: 'vip-eligible' }, '/vipExchange2', { [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, viewer: 'other' } }) })
    await until(() => expect(text('.vip__access .vip__card-title')).toBe('这是另一个账号的活动链接'))
    const items = [...document.querySelectorAll('.vip__access [role="listitem"]')].map((item) => item.textContent)
    expect(items).toEqual([
      '想要 VIP：把你的微脉 ID 告诉链接的主人，请他用一个名额为你开通一年 VIP。',
      '你也是群主：在微脉 App 里打开你自己的活动链接，按你的群人数兑换 VIP 名额（4月2日至4月30日）。',
    ])
    expect(buttons()).toEqual(['换个账号登录'])
  })

  it('the slot list answered 601 asks to log in in place (no move to /profile), and its button logs in', async () => {
    const backend = fakeBackend({ [SLOTS]: () => refuse(601, '请先登录这个活动链接所属的微脉账号') })
    const goProfile = jest.fn()
    const store = new SlotsStore(createVipApi(createClient({ ...backend.deps, goProfile }).post), 'vip-exchanged')
    const onLogin = jest.fn()
    await mount(rig.utils, VipSlotsScreen, { store, onLogin })
    await act(async () => store.load())
    await until(() => expect(text('.vip__access .vip__card-title')).toBe('请先登录'))
    expect(goProfile).not.toHaveBeenCalled()
    rig.utils.fireEvent.click(document.querySelector('.vip__access taro-button-core') as Element)
    expect(onLogin).toHaveBeenCalledTimes(1)
  })

  it('step 4: a lookup refused as another account shows the card; over the limit it says so under the field', async () => {
    let answer = refuse(429, '查询好友 ID 过于频繁，请 10 分钟后再试')
    await showPage(VipExchange4Page, { data: 'vip-exchanged', number: '3' }, '/vipExchange4', { [FRIEND]: () => answer })
    await until(() => expect(document.querySelector('.ui-field input')).not.toBeNull())
    await typeInto(rig.utils, '.ui-field', 'wm_visitor')
    rig.utils.fireEvent.click([...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === '提交') as Element)
    await until(() => expect(text('.ui-field [role="alert"]')).toBe('查询好友 ID 过于频繁，请 10 分钟后再试'))
    answer = refuse(403, '这个活动链接属于另一个账号，只有它的主人可以兑换和赠送 VIP 名额')
    rig.utils.fireEvent.click([...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === '提交') as Element)
    await until(() => expect(text('.vip__access .vip__card-title')).toBe('这是另一个账号的活动链接'))
    expect(document.querySelector('.ui-field input')).toBeNull()
  })
})
