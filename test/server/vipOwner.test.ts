/**
 * Issue 29 items 6 and 11: a VIP campaign link is not a password. Exchanging, listing and giving
 * the slots need the owner's session (none: 601; another account's, even one holding the link:
 * 403), replays and 50 concurrent gives have one effect, and the friend lookup that names a product
 * ID is limited per account and per client, known and unknown IDs alike, redeems included.
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { FRIEND_LOOKUP_LIMITS } from '../../server/vip/routes'
import { vipCalls, VIP_LOOKUP_LIMIT_CODE, VIP_REFUSED_CODE } from '../../types/vip'
import type { VipEligibility, VipFriend, VipRedeemed, VipSlots } from '../../types/vip'
import { BUYER, BUYER_EXPIRED, TEACHER, VISITOR, post } from './helpers'
import { testDatabase } from './engines'

// the seeded links: vip-exchanged is wm_buyer's (exchanged, slots 3-10 free), vip-eligible wm_teacher's
const campaignNow = Date.UTC(2024, 3, 15, 4)
let app: FastifyInstance
beforeEach(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', vipCampaignClock: () => campaignNow })
})
afterEach(() => app.close())

type Session = Record<string, string>
const NO_SESSION: Session = {}
const FORGED: Session = { userid: 'wm_buyer', token: 'token-teacher' }

const slotsOf = async (owner: string) =>
  app.db.all<{ number: number; friend: string | null }>('SELECT number, friend_wmid AS friend FROM vip_slots WHERE owner_wmid = ? ORDER BY number', [owner])
const vipMembers = async (): Promise<number> => (await app.db.one<{ n: number }>('SELECT count(*) AS n FROM vip_members'))?.n ?? -1

describe('giving a slot needs the owner of the link', () => {
  it.each([
    ['no session', NO_SESSION, 601],
    ['an expired session', BUYER_EXPIRED, 601],
    ['a forged session (the owner\'s id with another token)', FORGED, 601],
    ['another logged-in user holding the link', TEACHER, 403],
    ['a visitor holding the link', VISITOR, 403],
  ])('refuses %s: no slot is given, listed or looked up', async (_name, session, code) => {
    const before = await slotsOf('wm_buyer')
    const members = await vipMembers()
    const redeem = await post(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3, friendId: 'wm_visitor' }, session)
    expect(redeem.body.code).toBe(code)
    expect(redeem.body.data).toBeNull()
    expect((await post(app, vipCalls.slots.path, { data: 'vip-exchanged' }, session)).body).toMatchObject({ code, data: null })
    expect((await post(app, vipCalls.friend.path, { data: 'vip-exchanged', friendId: 'wm_visitor' }, session)).body).toMatchObject({ code, data: null })
    expect(await slotsOf('wm_buyer')).toEqual(before)
    expect(await vipMembers()).toBe(members)
  })

  it('refuses an exchange to anyone but the owner, and the owner\'s exchange is made once', async () => {
    for (const session of [NO_SESSION, BUYER, VISITOR]) {
      expect((await post(app, vipCalls.exchange.path, { data: 'vip-eligible' }, session)).body.code).not.toBe(200)
    }
    expect(await slotsOf('wm_teacher')).toEqual([])
    expect((await post<{ object: VipSlots }>(app, vipCalls.exchange.path, { data: 'vip-eligible' }, TEACHER)).body.data.object.quota).toBe(10)
    expect(await slotsOf('wm_teacher')).toHaveLength(10)
  })

  it('words the refusals in the reader\'s language', async () => {
    const refusal = (session: Session, language: string) =>
      post(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3, friendId: 'wm_visitor' }, { ...session, 'accept-language': language })
    expect((await refusal(NO_SESSION, 'zh-CN')).body.msg).toBe('请先登录这个活动链接所属的微脉账号')
    expect((await refusal(TEACHER, 'en')).body.msg).toBe(textOf('vipNotOwner', 'en'))
  })

  it('tells the page who is reading the link: guest, someone else or the owner', async () => {
    const viewer = async (session: Session) =>
      (await post<{ object: VipEligibility }>(app, vipCalls.eligibility.path, { data: 'vip-exchanged' }, session)).body.data.object.viewer
    expect(await viewer(NO_SESSION)).toBe('guest')
    expect(await viewer(BUYER_EXPIRED)).toBe('guest')
    expect(await viewer(TEACHER)).toBe('other')
    expect(await viewer(BUYER)).toBe('owner')
  })

  it('the owner gives a slot once: a replay changes nothing', async () => {
    const give = () => post<{ object: VipRedeemed }>(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3, friendId: 'wm_visitor' }, BUYER)
    expect((await give()).body.code).toBe(200)
    const until = await app.db.one("SELECT vip_until AS u FROM vip_members WHERE wmid = 'wm_visitor'")
    expect((await give()).body.code).toBe(VIP_REFUSED_CODE)
    expect(await app.db.one("SELECT vip_until AS u FROM vip_members WHERE wmid = 'wm_visitor'")).toEqual(until)
    expect((await slotsOf('wm_buyer')).filter((slot) => slot.friend === 'wm_visitor')).toEqual([{ number: 3, friend: 'wm_visitor' }])
  })

  it('50 concurrent gives, half from another user holding the link: one slot given, none by the other', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3 + (i % 8), friendId: 'wm_visitor' }, i % 2 === 0 ? BUYER : TEACHER),
      ),
    )
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1)
    expect(answers.filter((answer, i) => i % 2 === 1 && answer.body.code !== 403)).toEqual([])
    expect((await slotsOf('wm_buyer')).filter((slot) => slot.friend === 'wm_visitor')).toHaveLength(1)
  })
})

describe('the friend lookup cannot be used to probe which IDs exist', () => {
  const lookUp = (friendId: string, session: Session = BUYER) =>
    post<{ object: VipFriend }>(app, vipCalls.friend.path, { data: 'vip-exchanged', friendId }, session)

  it('counts known and unknown IDs alike, and refuses every lookup after the account\'s limit', async () => {
    const { max } = FRIEND_LOOKUP_LIMITS.account
    const answers = []
    for (let i = 0; i < max; i += 1) answers.push(await lookUp(i % 2 === 0 ? `wm_probe_${i}` : 'wm_visitor'))
    expect(answers.map((answer) => answer.body.code)).toEqual(Array.from({ length: max }, (_, i) => (i % 2 === 0 ? 404 : 200)))
    // over the limit a known ID and an unknown one get the same refusal
    const known = await lookUp('wm_visitor')
    const unknown = await lookUp('wm_probe_x')
    expect(known.body).toMatchObject({ code: VIP_LOOKUP_LIMIT_CODE, data: null })
    expect(unknown.body).toEqual(known.body)
    // giving a slot looks the friend up too: it cannot be used to go on probing
    expect((await post(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3, friendId: 'wm_probe_y' }, BUYER)).body.code).toBe(VIP_LOOKUP_LIMIT_CODE)
    expect((await post(app, vipCalls.redeem.path, { data: 'vip-exchanged', number: 3, friendId: 'wm_visitor' }, BUYER)).body.code).toBe(VIP_LOOKUP_LIMIT_CODE)
    expect((await slotsOf('wm_buyer')).filter((slot) => slot.friend === 'wm_visitor')).toEqual([])
  })

  it('50 concurrent probes get exactly the account\'s limit answered', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => lookUp(`wm_probe_${i}`)))
    expect(answers.filter((answer) => answer.body.code === 404)).toHaveLength(FRIEND_LOOKUP_LIMITS.account.max)
    expect(answers.filter((answer) => answer.body.code === VIP_LOOKUP_LIMIT_CODE)).toHaveLength(50 - FRIEND_LOOKUP_LIMITS.account.max)
  })

  it('limits one client across accounts: many owners behind one address stop at the client\'s limit', async () => {
    // one owner per link, each inside its own account limit, all from the same address
    const owners = Math.ceil(FRIEND_LOOKUP_LIMITS.client.max / FRIEND_LOOKUP_LIMITS.account.max) + 1
    const sessions: Session[] = []
    for (let o = 0; o < owners; o += 1) {
      const wmid = `wm_owner_${o}`
      await app.db.run("INSERT INTO users (wmid, nickname) VALUES (?, 'owner')", [wmid])
      await app.db.run("INSERT INTO vip_groups VALUES (?, 'g', ?, 600)", [`g-${wmid}`, wmid])
      await app.db.run('INSERT INTO vip_links VALUES (?, ?, ?)', [`link-${wmid}`, wmid, `g-${wmid}`])
      await app.db.run("INSERT INTO sessions (token, wmid, created_at, expires_at) VALUES (?, ?, 0, NULL)", [`token-${wmid}`, wmid])
      sessions.push({ userid: wmid, token: `token-${wmid}` })
    }
    const codes: number[] = []
    for (let o = 0; o < owners; o += 1) {
      for (let i = 0; i < FRIEND_LOOKUP_LIMITS.account.max - 1; i += 1) {
        codes.push((await post(app, vipCalls.friend.path, { data: `link-wm_owner_${o}`, friendId: `wm_probe_${o}_${i}` }, sessions[o])).body.code)
      }
    }
    expect(codes.filter((code) => code === 404)).toHaveLength(FRIEND_LOOKUP_LIMITS.client.max)
    expect(codes.slice(FRIEND_LOOKUP_LIMITS.client.max).every((code) => code === VIP_LOOKUP_LIMIT_CODE)).toBe(true)
  })
})
