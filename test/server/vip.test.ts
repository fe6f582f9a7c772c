/**
 * The VIP campaign on the server (spec 000 §9, spec 001 §9): the window, the quota from the
 * group's real member count, one exchange per account and per group, the slots, and redeems that
 * are atomic under 50 concurrent requests, refuse the same friend twice and give one year of VIP.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { VipEligibility, VipFriend, VipRedeemed, VipSlots } from '../../types/vip'
import { VIP_LOOKUP_LIMIT_CODE, VIP_REFUSED_CODE } from '../../types/vip'
import { textOf } from '../../server/core/messages'
import { AccountRepository } from '../../server/login/data'
import { BUYER, TEACHER, post } from './helpers'
import { stringMatching } from '../matchers'
import { testDatabase } from './engines'
import { SPEC_VIP_CAMPAIGN, vipCampaignJson } from '../../src/domain/vip'

const ELIGIBILITY = '/wmim/vip/exchange/query.do'
const EXCHANGE = '/wmim/vip/exchange/confirm.do'
const SLOTS = '/wmim/vip/slot/list.do'
const FRIEND = '/wmim/vip/friend/query.do'
const REDEEM = '/wmim/vip/slot/redeem.do'

/** Epoch ms of a China-time (UTC+8) wall clock. */
const china = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Date.UTC(year, month - 1, day, hour - 8, minute, second)

const YEAR_MS = 365 * 86_400_000

let campaignNow = china(2024, 4, 15, 12)
let app: FastifyInstance
beforeEach(async () => {
  campaignNow = china(2024, 4, 15, 12)
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', vipCampaignClock: () => campaignNow })
})
afterEach(() => app.close())

/** Each seeded link's owner's session: only the owner exchanges, lists and gives its slots. */
const OWNER: Record<string, Record<string, string>> = { 'vip-eligible': TEACHER, 'vip-exchanged': BUYER }
const ownerOf = async (data: string): Promise<Record<string, string>> => {
  const seeded = OWNER[data]
  if (seeded) return seeded
  const link = await app.db.one<{ wmid: string }>('SELECT wmid FROM vip_links WHERE data = ?', [data])
  if (!link) return TEACHER
  // the other owners have no seeded session: open one as the login area would
  return { userid: link.wmid, token: (await new AccountRepository(app.db).openSession(link.wmid, Date.now())).token }
}

const eligibility = (data: string) => post<{ object: VipEligibility }>(app, ELIGIBILITY, { data })
const exchange = async (data: string) => post<{ object: VipSlots }>(app, EXCHANGE, { data }, await ownerOf(data))
const slots = async (data: string) => post<{ object: VipSlots }>(app, SLOTS, { data }, await ownerOf(data))
const redeem = async (data: string, number: number | string, friendId: string) =>
  post<{ object: VipRedeemed }>(app, REDEEM, { data, number, friendId }, await ownerOf(data))

async function addUsers(count: number): Promise<string[]> {
  const wmids = Array.from({ length: count }, (_, index) => `wm_friend_${index}`)
  for (const wmid of wmids) await app.db.run("INSERT INTO users (wmid, nickname) VALUES (?, 'friend')", [wmid])
  return wmids
}

const vipUntil = async (wmid: string): Promise<number | undefined> =>
  (await app.db.one<{ until: number }>('SELECT vip_until AS until FROM vip_members WHERE wmid = ?', [wmid]))?.until

describe('eligibility (step 2)', () => {
  it('answers the group\'s real name, member count and quota, eligible in the campaign', async () => {
    const { body } = await eligibility('vip-eligible')
    expect(body.code).toBe(200)
    expect(body.data.object).toEqual({ groupName: '英语口语一群', memberCount: 655, quota: 10, reason: '', viewer: 'guest', campaign: vipCampaignJson(SPEC_VIP_CAMPAIGN) })
  })

  it('follows the member count the server has now', async () => {
    await app.db.run("UPDATE vip_groups SET member_count = 2000 WHERE group_id = 'g-english'")
    expect((await eligibility('vip-eligible')).body.data.object).toMatchObject({ memberCount: 2000, quota: 50, reason: '' })
  })

  it('says a group of 50 is too small, and an exchanged account why', async () => {
    expect((await eligibility('vip-small')).body.data.object).toEqual({
      groupName: '读书角',
      memberCount: 50,
      quota: 0,
      reason: 'tooSmall',
      viewer: 'guest',
      campaign: vipCampaignJson(SPEC_VIP_CAMPAIGN),
    })
    expect((await eligibility('vip-exchanged')).body.data.object).toMatchObject({ quota: 10, reason: 'exchanged' })
  })

  it.each([
    [china(2024, 4, 1, 23, 59, 59), 'closed'],
    [china(2024, 4, 2, 0, 0, 0), ''],
    [china(2024, 4, 30, 23, 59, 59), ''],
    [china(2024, 5, 1, 0, 0, 0), 'closed'],
    [china(2024, 11, 23), 'closed'],
  ])('at %i the window reason is %p', async (instant, reason) => {
    campaignNow = instant
    expect((await eligibility('vip-eligible')).body.data.object.reason).toBe(reason)
  })

  it('answers 404 for an unknown link and 400 for a missing or oversized one', async () => {
    expect((await eligibility('no-such-link')).body.code).toBe(404)
    expect((await post(app, ELIGIBILITY, {})).body.code).toBe(400)
    expect((await eligibility('x'.repeat(129))).body.code).toBe(400)
  })
})

describe('exchange', () => {
  it('makes exactly the quota\'s slots, all unused, numbered from 1', async () => {
    const { body } = await exchange('vip-eligible')
    expect(body.code).toBe(200)
    expect(body.data.object.quota).toBe(10)
    expect(body.data.object.slots.map((slot) => [slot.number, slot.used])).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, 0]))
  })

  it('reads the quota from the member count at exchange time, and fixes it', async () => {
    await app.db.run("UPDATE vip_groups SET member_count = 2000 WHERE group_id = 'g-english'")
    expect((await exchange('vip-eligible')).body.data.object.slots).toHaveLength(50)
    await app.db.run("UPDATE vip_groups SET member_count = 60 WHERE group_id = 'g-english'")
    expect((await eligibility('vip-eligible')).body.data.object).toMatchObject({ memberCount: 2000, quota: 50, reason: 'exchanged' })
    expect((await slots('vip-eligible')).body.data.object.slots).toHaveLength(50)
  })

  it('refuses outside the campaign, a small group, and a second exchange (one per person)', async () => {
    campaignNow = china(2024, 5, 1)
    expect((await exchange('vip-eligible')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipClosed', 'zh-CN') })
    campaignNow = china(2024, 4, 2)
    expect((await exchange('vip-small')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipTooSmall', 'zh-CN') })
    expect((await exchange('vip-exchanged')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipExchanged', 'zh-CN') })
    expect((await exchange('vip-eligible')).body.code).toBe(200)
    expect((await exchange('vip-eligible')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipExchanged', 'zh-CN') })
  })

  it('counts one group per account: another group of an exchanged account is refused', async () => {
    await app.db.run("INSERT INTO vip_groups VALUES ('g-second', 'second', 'wm_buyer', 3000)")
    await app.db.run("INSERT INTO vip_links VALUES ('buyer-second', 'wm_buyer', 'g-second')")
    expect((await exchange('buyer-second')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipExchanged', 'zh-CN') })
  })

  it('counts a group once: a group exchanged by one account is refused to another', async () => {
    await app.db.run("INSERT INTO vip_links VALUES ('visitor-photo', 'wm_visitor', 'g-photo')")
    expect((await eligibility('visitor-photo')).body.data.object.reason).toBe('groupCounted')
    expect((await exchange('visitor-photo')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipGroupCounted', 'zh-CN') })
  })

  it('50 concurrent confirms make one exchange and 10 slots', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange('vip-eligible')))
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.code === VIP_REFUSED_CODE)).toHaveLength(49)
    expect(await app.db.one("SELECT count(*) AS n FROM vip_slots WHERE owner_wmid = 'wm_teacher'")).toEqual({ n: 10 })
  })
})

describe('slots (step 3)', () => {
  it('lists the used ones with the friend\'s avatar, name and ID', async () => {
    const { body } = await slots('vip-exchanged')
    expect(body.data.object.quota).toBe(10)
    const [first, second, third] = body.data.object.slots
    expect(first).toEqual({ number: 1, used: 1, friendId: 'wm_teacher', friendNickname: '林老师', friendFaceIcon: stringMatching(/^http:\/\/.+\/media\/avatar-teacher\.png$/) })
    expect(second).toMatchObject({ number: 2, used: 1, friendId: 'wm_assistant' })
    expect(third).toEqual({ number: 3, used: 0, friendId: '', friendNickname: '', friendFaceIcon: '' })
  })

  it('refuses before the exchange', async () => {
    expect((await slots('vip-eligible')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipNotExchanged', 'zh-CN') })
  })
})

describe('friend (step 4)', () => {
  it('names the friend of a product ID, and answers 404 for an unknown one', async () => {
    const known = await post<{ object: VipFriend }>(app, FRIEND, { data: 'vip-exchanged', friendId: 'wm_visitor' }, BUYER)
    expect(known.body.data.object).toMatchObject({ friendId: 'wm_visitor', nickname: '访客' })
    expect((await post(app, FRIEND, { data: 'vip-exchanged', friendId: 'wm_nobody' }, BUYER)).body.code).toBe(404)
    expect((await post(app, FRIEND, { data: 'no-such-link', friendId: 'wm_visitor' }, BUYER)).body.code).toBe(404)
    expect((await post(app, FRIEND, { data: 'vip-exchanged', friendId: 'has space' }, BUYER)).body.code).toBe(400)
  })
})

describe('redeem', () => {
  it('gives a friend without VIP one year from now, and the slot shows them', async () => {
    const before = Date.now()
    const { body } = await redeem('vip-exchanged', 3, 'wm_visitor')
    expect(body.code).toBe(200)
    expect(body.data.object.slot).toMatchObject({ number: 3, used: 1, friendId: 'wm_visitor', friendNickname: '访客' })
    const until = body.data.object.vipUntil
    expect(until - before).toBeGreaterThanOrEqual(YEAR_MS)
    expect(until - Date.now()).toBeLessThanOrEqual(YEAR_MS + 86_400_000)
    expect(await vipUntil('wm_visitor')).toBe(until)
    expect((await slots('vip-exchanged')).body.data.object.slots[2]).toMatchObject({ used: 1, friendId: 'wm_visitor' })
  })

  it('adds the year to VIP the friend still has', async () => {
    const later = Date.now() + 100 * 86_400_000
    await app.db.run("INSERT INTO vip_members (wmid, vip_until) VALUES ('wm_visitor', ?)", [later])
    const { body } = await redeem('vip-exchanged', 4, 'wm_visitor')
    expect(body.data.object.vipUntil - later).toBeGreaterThanOrEqual(YEAR_MS)
    expect(body.data.object.vipUntil - later).toBeLessThanOrEqual(YEAR_MS + 86_400_000)
  })

  it('refuses the same friend twice, a used slot, yourself, and a slot beyond the quota', async () => {
    expect((await redeem('vip-exchanged', 3, 'wm_teacher')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipFriendHasSlot', 'zh-CN') })
    expect((await redeem('vip-exchanged', 1, 'wm_visitor')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipSlotUsed', 'zh-CN') })
    expect((await redeem('vip-exchanged', 3, 'wm_buyer')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipSelf', 'zh-CN') })
    await app.db.run("UPDATE vip_exchanges SET quota = 5 WHERE wmid = 'wm_buyer'")
    await app.db.run("DELETE FROM vip_slots WHERE owner_wmid = 'wm_buyer' AND number > 5")
    expect((await redeem('vip-exchanged', 6, 'wm_visitor')).body.code).toBe(404)
    expect(await vipUntil('wm_visitor')).toBeUndefined()
  })

  it('refuses before the exchange, an unknown friend and an unknown link', async () => {
    expect((await redeem('vip-eligible', 1, 'wm_visitor')).body).toMatchObject({ code: VIP_REFUSED_CODE, msg: textOf('vipNotExchanged', 'zh-CN') })
    expect((await redeem('vip-exchanged', 3, 'wm_nobody')).body.code).toBe(404)
    expect((await redeem('someone-else', 3, 'wm_visitor')).body.code).toBe(404)
  })

  it.each(['0', '51', '-1', '1e400', 'Infinity', '3.5', 'three', ''])('refuses slot number %p as bad input', async (number) => {
    expect((await redeem('vip-exchanged', number, 'wm_visitor')).body.code).toBe(400)
  })

  it('50 concurrent redeems of one slot for 50 friends: exactly one friend gets it', async () => {
    const friends = await addUsers(50)
    const answers = await Promise.all(friends.map((friend) => redeem('vip-exchanged', 5, friend)))
    const winners = answers.filter((a) => a.body.code === 200)
    expect(winners).toHaveLength(1)
    // the rest: the slot is used, or the owner's friend lookups ran out (20 in 10 minutes)
    expect(answers.filter((a) => a.body.msg === textOf('vipSlotUsed', 'zh-CN') || a.body.code === VIP_LOOKUP_LIMIT_CODE)).toHaveLength(49)
    const winner = winners[0].body.data.object.slot.friendId
    const until = await Promise.all(friends.map(vipUntil))
    expect(friends.filter((_, index) => until[index] !== undefined)).toEqual([winner])
  })

  it('50 concurrent redeems of the same friend on every free slot: one slot, one year', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => redeem('vip-exchanged', 3 + (index % 8), 'wm_visitor')),
    )
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1)
    const used = await app.db.one("SELECT count(*) AS n FROM vip_slots WHERE owner_wmid = 'wm_buyer' AND friend_wmid = 'wm_visitor'")
    expect(used).toEqual({ n: 1 })
    expect(((await vipUntil('wm_visitor')) ?? 0) - Date.now()).toBeLessThanOrEqual(YEAR_MS + 86_400_000)
  })

  it('a replayed redeem changes nothing the second time', async () => {
    const first = await redeem('vip-exchanged', 3, 'wm_visitor')
    const until = await vipUntil('wm_visitor')
    const replay = await redeem('vip-exchanged', 3, 'wm_visitor')
    expect(first.body.code).toBe(200)
    expect(replay.body.code).toBe(VIP_REFUSED_CODE)
    expect(await vipUntil('wm_visitor')).toBe(until)
  })
})

describe('production mode', () => {
  it('answers no demo campaign link', async () => {
    const production = await buildApp({
      mode: 'production',
      database: await testDatabase({ seeded: false }),
      staticDir: '/nonexistent',
      wechat: { appId: 'wx', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' },
    })
    expect((await post(production, ELIGIBILITY, { data: 'vip-eligible' })).body.code).toBe(404)
    await production.close()
  })
})
