/**
 * The campaign's pages on the H5 runtime, each state: step 1 (the table, the link on), step 2
 * (eligible, each reason, the rules and confirm dialogs, a refused exchange, a failed load), the
 * slot list (used and unused slots, before the exchange) and step 4 (empty, unknown and known IDs,
 * the confirm panel, a refused and a successful redeem). The real page shells, stores and vip api
 * run; only the request and Taro's navigation (the edge) are faked.
 */
import { Current } from '@tarojs/runtime'
import { act } from 'react'
import type { VipEligibility, VipSlot, VipSlots } from '../../../types/vip'
import { toPageUrl } from '../../../src/domain/routes'
import { createVipApi } from '../../../src/api/vip'
import { createClient } from '../../../src/api/client'
import { SlotsStore, VipSlotsScreen } from '../../../src/features/vip'
import VipExchangePage from '../../../src/packages/vip/pages/vipExchange/index'
import VipExchange2Page from '../../../src/packages/vip/pages/vipExchange2/index'
import VipExchange4Page from '../../../src/packages/vip/pages/vipExchange4/index'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, click, text, typeInto, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'
import { SPEC_VIP_CAMPAIGN, vipCampaignJson } from '../../../src/domain/vip'

const ELIGIBILITY = '/wmim/vip/exchange/query.do'
const EXCHANGE = '/wmim/vip/exchange/confirm.do'
const SLOTS = '/wmim/vip/slot/list.do'
const FRIEND = '/wmim/vip/friend/query.do'
const REDEEM = '/wmim/vip/slot/redeem.do'

const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })

const ELIGIBLE: VipEligibility = { groupName: '英语口语一群', memberCount: 655, quota: 10, reason: '', viewer: 'owner', campaign: vipCampaignJson(SPEC_VIP_CAMPAIGN) }

const slot = (number: number, friend?: { id: string; name: string }): VipSlot => ({
  number,
  used: friend ? 1 : 0,
  friendId: friend?.id ?? '',
  friendNickname: friend?.name ?? '',
  friendFaceIcon: friend ? `https://cdn.example.com/${friend.id}.png` : '',
})

function buttonWithText(label: string): Element {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('vip pages', () => {
  const rig = screenRig()

  async function showPage(Page: () => JSX.Element, params: Record<string, string>, path: string, routes: Record<string, Handler>) {
    const backend = fakeBackend(routes)
    const stores = testAppStores({ transport: () => backend.deps })
    Current.router = route(params, path)
    await mount(rig.utils, WithStores, { stores, children: <Page /> })
    return backend
  }

  describe('/vipExchange/{data}, step 1', () => {
    it('shows the campaign, its dates and the six rows of the quota table; the button goes to step 2 with the link', async () => {
      await showPage(VipExchangePage, { data: 'vip-eligible' }, '/vipExchange/vip-eligible', { [ELIGIBILITY]: () => ok({ object: ELIGIBLE }) })
      await until(() => expect(text('.vip__title')).toBe('团队迁移奖励'))
      expect(text('.vip__dates')).toBe('活动时间：4月2日 - 4月30日')
      const rows = [...document.querySelectorAll('.vip__row:not(.vip__row--head)')].map((row) =>
        [...row.querySelectorAll('.vip__cell')].map((cell) => cell.textContent),
      )
      expect(rows).toEqual([
        ['50 人以上', '1 个'],
        ['100 人以上', '3 个'],
        ['200 人以上', '5 个'],
        ['500 人以上', '10 个'],
        ['1000 人以上', '20 个'],
        ['2000 人及以上', '50 个'],
      ])
      rig.utils.fireEvent.click(buttonWithText('查看我的资格'))
      expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('VipExchange2', { data: 'vip-eligible' }) })
    })

    it('without its link says the link is incomplete and offers no button', async () => {
      await showPage(VipExchangePage, {}, '/vipExchange', {})
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('活动链接不完整'))
      expect(document.querySelector('.vip__primary')).toBeNull()
    })
  })

  describe('/vipExchange2, step 2', () => {
    it('shows the server\'s group, count and quota; rules; confirm exchanges and goes to the slots', async () => {
      const backend = await showPage(VipExchange2Page, { data: 'vip-eligible' }, '/vipExchange2', {
        [ELIGIBILITY]: () => ok({ object: ELIGIBLE }),
        [EXCHANGE]: () => ok({ object: { quota: 10, slots: [slot(1)] } }),
      })
      await until(() => expect(text('.vip__group')).toBe('英语口语一群'))
      expect(text('.vip__members')).toBe('群成员 655 人')
      expect(text('.vip__quota-value')).toBe('10 个')
      expect(text('.vip__eligible')).toBe('恭喜，你的群符合活动条件，可兑换 10 个 VIP 名额。')
      click(rig.utils, '.vip__link')
      await until(() => expect(text('[role="dialog"]')).toContain('每人仅可兑换一次，一个账号只计算一个群'))
      rig.utils.fireEvent.click(buttonWithText('确定'))
      await until(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
      rig.utils.fireEvent.click(buttonWithText('确认兑换 VIP 名额'))
      await until(() => expect(text('[role="dialog"]')).toContain('兑换后群成员变动不再影响名额数量。确认现在兑换吗？'))
      expect(backend.calls.filter((c) => c.path === EXCHANGE)).toHaveLength(0)
      rig.utils.fireEvent.click(buttonWithText('确定'))
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('VipExchange3', { data: 'vip-eligible' }) }))
      expect(backend.calls.filter((c) => c.path === EXCHANGE)).toEqual([{ path: EXCHANGE, body: { data: 'vip-eligible' } }])
    })

    it('cancelling the confirm dialog exchanges nothing', async () => {
      const backend = await showPage(VipExchange2Page, { data: 'vip-eligible' }, '/vipExchange2', { [ELIGIBILITY]: () => ok({ object: ELIGIBLE }) })
      await until(() => expect(text('.vip__group')).toBe('英语口语一群'))
      rig.utils.fireEvent.click(buttonWithText('确认兑换 VIP 名额'))
      await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
      rig.utils.fireEvent.click(buttonWithText('取消'))
      await until(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
      expect(backend.calls.map((c) => c.path)).toEqual([ELIGIBILITY])
    })

    it.each([
      ['tooSmall', '群成员需超过 50 人才能兑换 VIP 名额。'],
      ['closed', '活动时间为 4月2日 至 4月30日，当前不在活动时间内。'],
      ['groupCounted', '这个群已被其他账号兑换过，每个群只计算一次。'],
    ] as const)('says why when %s, and the exchange button is disabled', async (reason, message) => {
      await showPage(VipExchange2Page, { data: 'x' }, '/vipExchange2', {
        [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, memberCount: 50, quota: 0, reason } }),
      })
      await until(() => expect(text('.vip__reason')).toBe(message))
      expect(buttonWithText('确认兑换 VIP 名额').getAttribute('aria-disabled')).toBe('true')
    })

    it('an account that has exchanged is told so and offered its slots', async () => {
      await showPage(VipExchange2Page, { data: 'vip-exchanged' }, '/vipExchange2', {
        [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, reason: 'exchanged' } }),
      })
      await until(() => expect(text('.vip__reason')).toBe('你已兑换过 VIP 名额，每人仅可兑换一次。'))
      rig.utils.fireEvent.click(buttonWithText('查看我的 VIP 名额'))
      expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('VipExchange3', { data: 'vip-exchanged' }) })
    })

    it('a refused exchange says why in place and shows the new reason', async () => {
      let closed = false
      await showPage(VipExchange2Page, { data: 'x' }, '/vipExchange2', {
        [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, reason: closed ? 'closed' : '' } }),
        [EXCHANGE]: () => {
          closed = true
          return refuse(409, '当前不在活动时间内')
        },
      })
      await until(() => expect(text('.vip__eligible')).not.toBe(''))
      rig.utils.fireEvent.click(buttonWithText('确认兑换 VIP 名额'))
      await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
      rig.utils.fireEvent.click(buttonWithText('确定'))
      await until(() => expect(text('.vip__error')).toBe('当前不在活动时间内'))
      await until(() => expect(text('.vip__reason')).toBe('活动时间为 4月2日 至 4月30日，当前不在活动时间内。'))
      expect(rig.navigateTo).not.toHaveBeenCalled()
    })

    it('a failed load shows the error with a retry that loads again', async () => {
      let fail = true
      await showPage(VipExchange2Page, { data: 'x' }, '/vipExchange2', {
        [ELIGIBILITY]: () => (fail ? refuse(500, 'database down') : ok({ object: ELIGIBLE })),
      })
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('database down'))
      fail = false
      click(rig.utils, '.state-view__action')
      await until(() => expect(text('.vip__group')).toBe('英语口语一群'))
    })

    it('an unknown link says the link is no longer valid', async () => {
      await showPage(VipExchange2Page, { data: 'gone' }, '/vipExchange2', { [ELIGIBILITY]: () => refuse(404, 'gone') })
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('活动链接已失效'))
    })
  })

  describe('/vipExchange3, the VIP slot list', () => {
    async function showSlots(routes: Record<string, Handler>) {
      const backend = fakeBackend(routes)
      const store = new SlotsStore(createVipApi(createClient(backend.deps).post), 'vip-exchanged')
      await mount(rig.utils, VipSlotsScreen, { store, onLogin: () => undefined })
      await act(async () => store.load())
      return store
    }

    it('says how many slots were won; used slots show the friend, unused ones use now -> step 4', async () => {
      const answer: VipSlots = { quota: 10, slots: [slot(1, { id: 'wm_teacher', name: '林老师' }), slot(2)] }
      await showSlots({ [SLOTS]: () => ok({ object: answer }) })
      await until(() => expect(text('.vip__won')).toBe('恭喜你获得 10 个 VIP 名额，可自由使用，不限时间'))
      const [used, free] = [...document.querySelectorAll('.vip__slot')]
      expect(used.querySelector('.vip__slot-number')?.textContent).toBe('名额 1')
      expect(used.querySelector('.vip__slot-name')?.textContent).toBe('林老师')
      expect(used.querySelector('.vip__slot-id')?.textContent).toBe('ID：wm_teacher')
      expect(used.querySelector('.vip__avatar')?.getAttribute('aria-label')).toBe('林老师')
      expect(used.querySelector('.vip__use')).toBeNull()
      expect(free.querySelector('.vip__use')?.getAttribute('aria-label')).toBe('立即使用名额 2')
      rig.utils.fireEvent.click(free.querySelector('.vip__use') as Element)
      expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('VipExchange4', { data: 'vip-exchanged', number: 2 }) })
    })

    it('before the exchange says there are no slots yet', async () => {
      await showSlots({ [SLOTS]: () => refuse(409, '你还没有兑换 VIP 名额') })
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('你还没有兑换 VIP 名额'))
    })
  })

  describe('/vipExchange4', () => {
    const FRIEND_ANSWER = { friendId: 'wm_visitor', nickname: '访客', faceIcon: 'https://cdn.example.com/v.png' }

    it('asks for an ID, names an unknown one, then confirms a known friend and goes back', async () => {
      const backend = await showPage(VipExchange4Page, { data: 'vip-exchanged', number: '3' }, '/vipExchange4', {
        [FRIEND]: (body) => (body.friendId === 'wm_visitor' ? ok({ object: FRIEND_ANSWER }) : refuse(404, 'no user has this ID')),
        [REDEEM]: () => ok({ object: { slot: slot(3, { id: 'wm_visitor', name: '访客' }), vipUntil: 0 } }),
      })
      await until(() => expect(document.querySelector('.ui-field input')).not.toBeNull())
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(text('.ui-field [role="alert"]')).toBe('请输入好友的微脉 ID'))
      await typeInto(rig.utils, '.ui-field', 'wm_nobody')
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(text('.ui-field [role="alert"]')).toBe('没有找到这个 ID 的用户，请检查后重新输入'))
      await typeInto(rig.utils, '.ui-field', ' wm_visitor ')
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(text('.vip__confirm .vip__slot-name')).toBe('访客'))
      expect(text('.vip__confirm .vip__slot-id')).toBe('ID：wm_visitor')
      expect(backend.calls.filter((c) => c.path === REDEEM)).toHaveLength(0)
      rig.utils.fireEvent.click(buttonWithText('确认开通 VIP'))
      await until(() => expect(rig.navigateBack).toHaveBeenCalled())
      expect(backend.calls.filter((c) => c.path === REDEEM)).toEqual([
        { path: REDEEM, body: { data: 'vip-exchanged', number: '3', friendId: 'wm_visitor' } },
      ])
    })

    it('a refused redeem says why and stays; another friend can be chosen', async () => {
      await showPage(VipExchange4Page, { data: 'vip-exchanged', number: '1' }, '/vipExchange4', {
        [FRIEND]: () => ok({ object: FRIEND_ANSWER }),
        [REDEEM]: () => refuse(409, '这个名额已被使用，请返回选择其他名额'),
      })
      await typeInto(rig.utils, '.ui-field', 'wm_visitor')
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(text('.vip__confirm .vip__slot-name')).toBe('访客'))
      rig.utils.fireEvent.click(buttonWithText('确认开通 VIP'))
      await until(() => expect(text('.vip__confirm .vip__error')).toBe('这个名额已被使用，请返回选择其他名额'))
      expect(rig.navigateBack).not.toHaveBeenCalled()
      rig.utils.fireEvent.click(buttonWithText('换一位好友'))
      await until(() => expect(document.querySelector('.vip__confirm')).toBeNull())
    })

    it.each<Record<string, string>>([{ data: 'x' }, { data: 'x', number: '0' }, { data: 'x', number: '51' }, { number: '2' }])('a bad link %p says so', async (params) => {
      await showPage(VipExchange4Page, params, '/vipExchange4', {})
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('活动链接不完整'))
    })
  })
})
