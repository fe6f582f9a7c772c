/**
 * The invite area (spec 000 §7 "Invite calls", spec 001 §7): requests recorded once, the
 * watermark-camera bind with the login area's SMS codes and limits, the invite-password queries
 * and the paid group's order through the development payment sandbox. Each test gets a freshly
 * seeded database (server/invite/seed.ts).
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { SMS_PHONE_DAILY_LIMIT } from '../../server/login/sms'
import { DOWNLOAD_DESCRIPTION } from '../../server/invite/routes'
import type { ObjectData } from '../../types/api'
import { DEV_STORE_PATH, DOWNLOAD_DESC_PATH, inviteCalls } from '../../types/invite'
import type { FriendInviteInfo, GroupInviteInfo, GroupOrderAnswer, WatermarkBind } from '../../types/invite'
import { DEV_SMS, SEND_SMS, getJson, post, testApp, type Fields } from './helpers'
import { testDatabase } from './engines'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const count = async (sql: string): Promise<number> => (await app.db.one<{ n: number }>(sql))?.n ?? 0
const requests = (): Promise<number> => count('SELECT count(*) AS n FROM invite_requests')

async function codeFor(phone: string, interCode = '86'): Promise<string> {
  const { body } = await getJson<ObjectData<{ code: string }>>(app, `${DEV_SMS}?phone=${phone}&interCode=${interCode}`)
  return body.data.object.code
}

describe('friend and group requests', () => {
  it('records a friend request with its message once; a repeat answers the same', async () => {
    const first = await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: ' 我是小李 ' })
    const again = await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: 'changed' })
    expect(first.body).toEqual({ code: 200, msg: 'success', data: null })
    expect(again.body).toEqual(first.body)
    expect(await requests()).toBe(1)
    expect(await app.db.one('SELECT message FROM invite_requests')).toEqual({ message: '我是小李' })
  })

  it('refuses a verification message over 64 characters (spec 000 §5), counting characters, not bytes or UTF-16 units', async () => {
    const tooLong = await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: '学'.repeat(65) })
    expect(tooLong.body).toMatchObject({ code: 400, msg: '验证信息不能超过 64 个字' })
    expect(await app.db.one('SELECT count(*) AS "n" FROM invite_requests')).toEqual({ n: 0 })
    const longest = '😀'.repeat(64)
    expect((await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: ` ${longest} ` })).body.code).toBe(200)
    expect(await app.db.one('SELECT message FROM invite_requests')).toEqual({ message: longest })
  })

  it('records a friend request without a message as no message', async () => {
    await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: '   ' })
    expect(await app.db.one('SELECT message FROM invite_requests')).toEqual({ message: null })
  })

  it('records one join request under 50 concurrent repeats', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(app, inviteCalls.groupAdd.path, { data: 'invite-group' })))
    expect(answers.every((a) => a.body.code === 200)).toBe(true)
    expect(await requests()).toBe(1)
  })

  it('refuses an unknown invite, the wrong kind and hostile input without recording anything', async () => {
    expect((await post(app, inviteCalls.friendAdd.path, { data: 'no-such-invite' })).body.code).toBe(404)
    expect((await post(app, inviteCalls.friendAdd.path, { data: 'invite-group' })).body.code).toBe(400)
    expect((await post(app, inviteCalls.groupAdd.path, { data: 'invite-friend' })).body.code).toBe(400)
    expect((await post(app, inviteCalls.groupAdd.path, { data: 'x'.repeat(1024 * 1024) })).body.code).not.toBe(200)
    expect((await post(app, inviteCalls.friendAdd.path, { data: 'invite-friend', message: 'x'.repeat(300) })).body.code).toBe(400)
    expect((await post(app, inviteCalls.groupAdd.path, { data: "invite-group' OR 1=1 --" })).body.code).toBe(404)
    expect(await requests()).toBe(0)
  })
})

describe('the watermark-camera bind', () => {
  const PHONE = '13912340000'
  const bindBody = (vcode: string, wsid = 'wssy10001', data = 'invite-wm-friend') => ({ data, wsid, phone: PHONE, vcode, interCode: '86' })

  it('sends a code for a known invite, with the login area\'s one-a-minute rule across both calls', async () => {
    expect((await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE, interCode: '86' })).body.code).toBe(200)
    // the same phone asking through the login call within the minute is the same phone
    expect((await post(app, SEND_SMS, { phone: PHONE, interCode: '86' })).body.code).toBe(429)
    expect((await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: `0086${PHONE}`, interCode: '+86' })).body).toEqual({
      code: 429,
      msg: textOf('smsTooSoon', 'zh-CN'),
      data: null,
    })
  })

  it('refuses a code for an unknown invite and an empty phone', async () => {
    expect((await post(app, inviteCalls.watermarkSms.path, { data: 'nope', phone: PHONE })).body.code).toBe(404)
    expect((await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend' })).body).toEqual({
      code: 400,
      msg: textOf('phoneInvalid', 'zh-CN'),
      data: null,
    })
  })

  it('ties the account to the phone, credits the VIP quota once and records the request once', async () => {
    await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE })
    const bound = await post<ObjectData<WatermarkBind>>(app, inviteCalls.watermarkFriendAdd.path, bindBody(await codeFor(PHONE)))
    expect(bound.body).toEqual({ code: 200, msg: 'success', data: { object: { wsid: 'wssy10001', vipQuota: 1 } } })
    // a repeat needs a new code (the first one is used up) and changes nothing
    const replay = await post(app, inviteCalls.watermarkFriendAdd.path, bindBody(await codeFor(PHONE).catch(() => '000000')))
    expect(replay.body.code).toBe(400)
    await app.db.run('UPDATE sms_codes SET sent_at = 0')
    await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE })
    const again = await post<ObjectData<WatermarkBind>>(app, inviteCalls.watermarkFriendAdd.path, bindBody(await codeFor(PHONE)))
    expect(again.body).toEqual(bound.body)
    const account = await app.db.one('SELECT phone, inter_code AS "interCode", vip_quota AS "vipQuota" FROM watermark_accounts WHERE wsid = ?', [
      'wssy10001',
    ])
    expect(account).toEqual({ phone: PHONE, interCode: '86', vipQuota: 1 })
    expect(await requests()).toBe(1)
  })

  it('refuses a wrong code, and voids the code after the login area\'s five wrong guesses', async () => {
    await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-group', phone: PHONE })
    const right = await codeFor(PHONE)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      expect((await post(app, inviteCalls.watermarkGroupAdd.path, bindBody(wrong, 'wssy10001', 'invite-wm-group'))).body).toEqual({
        code: 400,
        msg: textOf('smsCodeWrong', 'zh-CN'),
        data: null,
      })
    }
    expect((await post(app, inviteCalls.watermarkGroupAdd.path, bindBody(right, 'wssy10001', 'invite-wm-group'))).body.code).toBe(400)
    expect(await count('SELECT count(*) AS n FROM watermark_accounts WHERE phone IS NOT NULL')).toBe(1)
    expect(await requests()).toBe(0)
  })

  it('keeps the daily limit of the phone binding (the same SMS store)', async () => {
    const { max } = SMS_PHONE_DAILY_LIMIT
    for (let i = 0; i < max; i++) {
      await app.db.run('UPDATE sms_codes SET sent_at = 0')
      const res = await app.inject({
        method: 'POST',
        url: inviteCalls.watermarkSms.path,
        remoteAddress: `203.0.113.${i + 10}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ data: 'invite-wm-friend', phone: PHONE }).toString(),
      })
      expect(res.json<{ code: number }>().code).toBe(200)
    }
    await app.db.run('UPDATE sms_codes SET sent_at = 0')
    expect((await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE })).body.code).toBe(429)
  })

  it('refuses an account bound to another phone, an unknown account, an empty code and the wrong invite kind', async () => {
    await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE })
    const code = await codeFor(PHONE)
    expect((await post(app, inviteCalls.watermarkFriendAdd.path, bindBody('', 'wssy10001'))).body.msg).toBe(textOf('smsCodeEmpty', 'zh-CN'))
    expect((await post(app, inviteCalls.watermarkGroupAdd.path, bindBody(code, 'wssy10001', 'invite-wm-friend'))).body.code).toBe(400)
    expect((await post(app, inviteCalls.watermarkFriendAdd.path, bindBody(code, 'wssy20002'))).body).toEqual({
      code: 403,
      msg: textOf('wmAccountTaken', 'zh-CN'),
      data: null,
    })
    await app.db.run('UPDATE sms_codes SET sent_at = 0')
    await post(app, inviteCalls.watermarkSms.path, { data: 'invite-wm-friend', phone: PHONE })
    expect((await post(app, inviteCalls.watermarkFriendAdd.path, bindBody(await codeFor(PHONE), 'wssy99999'))).body.code).toBe(404)
    expect(await requests()).toBe(0)
  })
})

describe('the invite-password queries', () => {
  it('answers a group invite with its password between the markers', async () => {
    const { body } = await post<ObjectData<GroupInviteInfo>>(app, inviteCalls.groupQuery.path, { wmid: 'wm_teacher', gid: 'g-paid', version: '3' })
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ nickname: '林老师', groupName: '训练营', isNeedPay: 1, fee: 990, password: '￥WMG2002￥' })
    expect(body.data.object.headImg).toMatch(/^http:\/\/[^/]+\/media\//)
  })

  it('answers a friend invite', async () => {
    const { body } = await post<ObjectData<FriendInviteInfo>>(app, inviteCalls.friendQuery.path, { wmid: 'wm_teacher', version: '3' })
    expect(body.data.object).toMatchObject({ nickname: '林老师', password: '￥WMF8888￥' })
  })

  it('answers 404 for another inviter\'s group and unknown ids', async () => {
    expect((await post(app, inviteCalls.groupQuery.path, { wmid: 'wm_buyer', gid: 'g-paid' })).body.code).toBe(404)
    expect((await post(app, inviteCalls.groupQuery.path, { wmid: 'wm_teacher', gid: 'nope' })).body.code).toBe(404)
    expect((await post(app, inviteCalls.friendQuery.path, { wmid: 'wm_buyer' })).body.code).toBe(404)
  })
})

describe('the paid group order', () => {
  const orderBody = (password = 'WMG2002', gid = 'g-paid', wmid = 'wm_teacher') => ({
    orderData: JSON.stringify({ password, gid, wmid }),
    orderChannels: 4,
    paymentType: 8,
  })
  const createOrder = (body: Fields = orderBody()) => post<ObjectData<GroupOrderAnswer>>(app, inviteCalls.groupOrder.path, body)

  /** The fields of the order's H5 pay form (a GET form: its action and hidden fields). */
  function formOf(formHTML: string): { action: string; fields: Record<string, string> } {
    const action = /<form method="get" action="([^"]+)">/.exec(formHTML)?.[1] ?? ''
    const fields = Object.fromEntries([...formHTML.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]))
    return { action, fields }
  }

  /** The buyer's browser submits the form: WeChat Pay's cashier (its stand-in), then its pay button. */
  async function payThroughWechat(formHTML: string) {
    const { action, fields } = formOf(formHTML)
    const page = await app.inject({ method: 'GET', url: `${action}?${new URLSearchParams(fields).toString()}` })
    const paid = await app.inject({
      method: 'POST',
      url: `${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
    return { page, paid }
  }

  it('answers WeChat Pay\'s H5 pay form, then bought once WeChat Pay notified; joined is the server\'s order state', async () => {
    const first = await createOrder()
    const { isBought, orderNO, formHTML } = first.body.data.object
    expect(isBought).toBe(0)
    const form = formOf(formHTML)
    // the stand-in's h5_url (WeChat Pay's checkmweb in production), its query as fields, and where to come back
    expect(form.action).toBe('/standin/wechat-pay/checkout')
    expect(form.fields.prepay_id).toMatch(/^wx\w+$/)
    expect(form.fields.redirect_url).toBe(`http://localhost:80/pay4group?gid=g-paid&wmid=wm_teacher&password=WMG2002&paySuccess=1&tradeNo=${orderNO}`)
    // asking again before paying gives the same order, never a second one
    expect((await createOrder(orderBody('￥WMG2002￥'))).body.data.object.orderNO).toBe(orderNO)

    const { page, paid } = await payThroughWechat(formHTML)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('¥9.90')
    // issue 30, item 16: the stand-in reads Chinese first, English beneath
    expect(page.body).toContain('<html lang="zh-CN">')
    expect(page.body).toContain('取消支付')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(form.fields.redirect_url)

    expect((await createOrder()).body.data.object).toEqual({ isBought: 1, orderNO, formHTML: '' })
    expect(await count('SELECT count(*) AS n FROM group_orders')).toBe(1)
    expect(await app.db.one('SELECT total_fee AS fee, status FROM group_orders')).toEqual({ fee: 990, status: 1 })
  })

  it('coming back from WeChat Pay before its notification, the order call asks WeChat Pay and finds it paid', async () => {
    const { orderNO } = (await createOrder()).body.data.object
    // WeChat Pay took the money; its notification is late
    await app.db.run("UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = 'late-1', success_time = '2026-11-26T10:00:00+08:00' WHERE out_trade_no = ?", [orderNO])
    expect((await createOrder()).body.data.object).toEqual({ isBought: 1, orderNO, formHTML: '' })
  })

  it('keeps one order per password under 50 concurrent creates', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => createOrder()))
    expect(new Set(answers.map((a) => a.body.data.object.orderNO)).size).toBe(1)
    expect(await count('SELECT count(*) AS n FROM group_orders')).toBe(1)
  })

  it('another invitee\'s password is another order: paying one does not make the other joined', async () => {
    await payThroughWechat((await createOrder()).body.data.object.formHTML)
    expect((await createOrder(orderBody('WMG2003'))).body.data.object.isBought).toBe(0)
  })

  it('refuses a password of another group, another inviter, a free group, broken orderData and wrong channels', async () => {
    expect((await createOrder(orderBody('WMG1001'))).body.code).toBe(404)
    expect((await createOrder(orderBody('WMG2002', 'g-paid', 'wm_buyer'))).body.code).toBe(404)
    expect((await createOrder(orderBody('WMG1001', 'g-free'))).body.code).toBe(400)
    for (const orderData of ['not json', '[]', '{}', JSON.stringify({ password: 1, gid: 'g-paid', wmid: 'wm_teacher' })]) {
      expect((await createOrder({ ...orderBody(), orderData })).body.code).toBe(400)
    }
    expect((await createOrder({ ...orderBody(), orderChannels: 1 })).body.code).toBe(400)
    // a number past the doubles: as written on the wire, and as JS reads it (1e400 is Infinity)
    for (const paymentType of ['1e400', 'Infinity']) {
      expect((await createOrder({ ...orderBody(), paymentType })).body.code).toBe(400)
    }
    expect(await count('SELECT count(*) AS n FROM group_orders')).toBe(0)
  })

  it('refuses to take a group payment production mode cannot finish (no WeChat Pay settings)', async () => {
    const prod = await buildApp({ mode: 'production', wechat: { appId: 'a', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' }, database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
    try {
      const order = await post(prod, inviteCalls.groupOrder.path, orderBody())
      expect(order.body).toEqual({ code: 403, msg: textOf('groupPaymentUnavailable', 'zh-CN'), data: null })
    } finally {
      await prod.close()
    }
  })
})

it('serves the download description as the remote update config', async () => {
  const res = await app.inject({ method: 'GET', url: `${DOWNLOAD_DESC_PATH}?t=1` })
  expect(res.json()).toEqual({ wmDownload_desc: DOWNLOAD_DESCRIPTION })
  expect(res.headers['cache-control']).toBe('no-cache')
})

it('stands in for the app store pages in demo mode only', async () => {
  const android = await app.inject({ method: 'GET', url: `${DEV_STORE_PATH}/android` })
  expect(android.body).toContain('Android app store (development stand-in)')
  expect(android.body).toContain('<h1>Android 应用商店（开发用模拟）')
  expect((await app.inject({ method: 'GET', url: `${DEV_STORE_PATH}/ios` })).body).toContain('iOS app store')
  expect((await app.inject({ method: 'GET', url: `${DEV_STORE_PATH}/windows` })).json<{ code: number }>().code).toBe(400)
  const prod = await buildApp({ mode: 'production', wechat: { appId: 'a', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' }, database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
  try {
    expect((await prod.inject({ method: 'GET', url: `${DEV_STORE_PATH}/android` })).body).not.toContain('app store')
  } finally {
    await prod.close()
  }
})
