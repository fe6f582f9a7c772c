/**
 * The VIP pages show the campaign the server holds (issue 32 item 3: the operator sets its days,
 * thresholds and quotas; the spec's are the default): step 1's dates and quota table, step 2's
 * rules dialog, its 'closed' and 'too small' reasons and the other account's card, all from the
 * eligibility answer, never from the spec's constants. An unreadable campaign is a failed load.
 * The real page shells, stores and vip api run; only the request and Taro's navigation are faked.
 */
import { Current } from '@tarojs/runtime'
import type { VipCampaignWire, VipEligibility } from '../../../types/vip'
import VipExchangePage from '../../../src/packages/vip/pages/vipExchange/index'
import VipExchange2Page from '../../../src/packages/vip/pages/vipExchange2/index'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { click, fakeBackend, ok, refuse, text, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'

const ELIGIBILITY = '/wmim/vip/exchange/query.do'

const JUNE: VipCampaignWire = {
  start: '06-01',
  end: '06-30',
  table: [
    { members: 40, comparison: 'over', quota: 2 },
    { members: 600, comparison: 'atLeast', quota: 12 },
  ],
}
const ELIGIBLE: VipEligibility = { groupName: '读书角', memberCount: 50, quota: 2, reason: '', viewer: 'owner', campaign: JUNE }

const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })

describe("the VIP pages show the server's campaign", () => {
  const rig = screenRig()

  async function showPage(Page: () => JSX.Element, path: string, routes: Record<string, Handler>) {
    const backend = fakeBackend(routes)
    Current.router = route({ data: 'vip-small' }, path)
    await mount(rig.utils, WithStores, { stores: testAppStores({ transport: () => backend.deps }), children: <Page /> })
    return backend
  }

  it("step 1 shows the campaign's days and its quota table", async () => {
    await showPage(VipExchangePage, '/vipExchange/vip-small', { [ELIGIBILITY]: () => ok({ object: ELIGIBLE }) })
    await until(() => expect(text('.vip__dates')).toBe('活动时间：6月1日 - 6月30日'))
    const rows = [...document.querySelectorAll('.vip__row:not(.vip__row--head)')].map((row) => [...row.querySelectorAll('.vip__cell')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['40 人以上', '2 个'],
      ['600 人及以上', '12 个'],
    ])
  })

  it('step 1 says a failed load, with a retry that loads it, and an unreadable campaign is a failed load', async () => {
    let answers = 0
    await showPage(VipExchangePage, '/vipExchange/vip-small', {
      [ELIGIBILITY]: () => {
        answers += 1
        if (answers === 1) return refuse(500, '服务器开小差了')
        if (answers === 2) return ok({ object: { ...ELIGIBLE, campaign: { ...JUNE, start: '13-01' } } })
        return ok({ object: ELIGIBLE })
      },
    })
    await until(() => expect(text('.state-view--error .state-view__title')).toBe('服务器开小差了'))
    click(rig.utils, '.state-view__action')
    await until(() => expect(text('.state-view--error .state-view__title')).toBe('资格查询失败'))
    click(rig.utils, '.state-view__action')
    await until(() => expect(text('.vip__dates')).toBe('活动时间：6月1日 - 6月30日'))
  })

  it("step 2's rules, reasons and the other account's card say the campaign's days and thresholds", async () => {
    await showPage(VipExchange2Page, '/vipExchange2', { [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, reason: 'closed', viewer: 'other' } }) })
    await until(() => expect(text('.vip__reason')).toBe('活动时间为 6月1日 至 6月30日，当前不在活动时间内。'))
    expect(text('.vip__access')).toContain('（6月1日至6月30日）')
    click(rig.utils, '.vip__link')
    await until(() => expect(text('[role="dialog"]')).toContain('1. 活动时间：6月1日至6月30日。'))
    expect(text('[role="dialog"]')).toContain('2. 按群成员人数兑换名额：超过 40 人 2 个，600 人及以上 12 个。')
  })

  it("step 2's 'too small' names the table's first threshold", async () => {
    await showPage(VipExchange2Page, '/vipExchange2', { [ELIGIBILITY]: () => ok({ object: { ...ELIGIBLE, memberCount: 30, quota: 0, reason: 'tooSmall' } }) })
    await until(() => expect(text('.vip__reason')).toBe('群成员需超过 40 人才能兑换 VIP 名额。'))
  })
})
