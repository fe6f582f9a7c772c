/**
 * WeChat Pay API v3 (issue 31 items 2 and 3): the signer and verifier against WeChat Pay's
 * published examples, the JSAPI prepay and paySign, notifications (genuine, tampered, replayed,
 * concurrent), the order query that reconciles a lost notification, refunds, paid lives, and the
 * iOS mini-program refusal. The stand-in is served by the app itself (demo mode), so the real
 * client code runs; tampered notifications are made here, from the stand-in's demo keys.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { OrderState, PayConfig } from '../../types/purchase'
import type { ObjectData } from '../../types/api'
import { DEMO_API_V3_KEY, DEMO_MCH_ID, DEMO_MERCHANT_KEY } from '../../server/outside/wechatPay/settings'
import { demoWechatPay } from '../../server/outside/wechatPay/demo'
import { notificationBody, wechatpayHeaders } from '../../server/outside/wechatPay/standin'
import type { EncryptedResource } from '../../server/outside/wechatPay/signing'
import { decryptResource, rsaSign, rsaVerify, signatureMessage } from '../../server/outside/wechatPay/signing'
import { refundOrder } from '../../server/purchase/refund'
import { DEMO_WECHAT, DEV_APP_ID } from '../../server/core/wechat'
import { anyString } from '../matchers'
import { BUYER, LOGIN, ORDER_CREATE, ORDER_QUERY, SANDBOX_PAY, post, testApp } from './helpers'

/**
 * WeChat Pay's published test key pair and the signature of "source" made with it
 * (wechatpay-apiv3/wechatpay-go, core/auth/signers/sha256withrsa_signer_test.go and
 * core/auth/verifiers/sha256withrsa_pubkey_verifier_test.go).
 */
const PUBLISHED_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----`
const PUBLISHED_SIGNATURE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6' +
  'pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOh' +
  'uH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwf' +
  'LpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg=='

/** A real WeChat Pay notification's resource and the APIv3 key it was sealed with (published in jaifiresong/weixin-pay, test.php). */
const PUBLISHED_RESOURCE = {
  original_type: 'transaction',
  algorithm: 'AEAD_AES_256_GCM',
  ciphertext:
    'itM3ZgJflzCJF+BNsNoThKnm8I/f/aWjKosMxtUUqiP/u9K+Xo02LYCwQIoH5ZGmXHSrFqrP5rThbSPbhpTG25M2LIumbY1yEz53uWn93Qd5A68yipAhy2jk9CM3U6oJ8riIopK2kdquHIiA+iSRrrRMQzhepgKfPfSM2XykrQ8gVHIs23il6cFLDFuW+/WxKWuZ+Ac0aF5qxJKSX2YQ8Pk+wd5H74VZNydpkc+g6LQ8tkl+xF854v+67KYuyoOOIiZaz2frRSmuFodVSW4XG/qV9pIPGEdxcc+MQC/0QDuS3CV5YY5C2TRADJeyLZVY7L6Y4L5yI+W3JV1kM78THwdNUKv4DJmJuPG9gdnTSH41+TGj90nyhk3WKBM1qEY2zVQzJbLTKLCqcn5WknNjjDB29zhvvm4ewxQKSmGzL64/7EZRXG6Hi4iOuXZrBAv0MqLKsntOLxaoSvYPAw1LXNB3yoqp7JY5J22Yqsc5Sq15h1V4Vr5hROjPbUkL1iep4y26UGhKUcX3lMovYsQJNdK+uYIKefR5nN/KZ4SP3VICmt1X8pQOrI+6f4KbXvB5zqp85tW10CrTvsk=',
  associated_data: 'transaction',
  nonce: 'gyYsJaQIiZ9x',
}
const PUBLISHED_API_V3_KEY = '6ea12a184b53a3a5f33f1123b6ea9867'

const PAY_NOTIFY = '/wechatpay/notify/transaction'
const REFUND_NOTIFY = '/wechatpay/notify/refund'

describe('the signer and the verifier against WeChat Pay\'s published examples', () => {
  it('builds the signature message of the documentation\'s GET /v3/certificates example', () => {
    expect(signatureMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    )
  })

  it('signs "source" with the published key into the published signature', () => {
    expect(rsaSign('source', createPrivateKey(PUBLISHED_PRIVATE_KEY))).toBe(PUBLISHED_SIGNATURE)
  })

  it('verifies the published signature with the published public key, and nothing else', () => {
    const publicKey = createPublicKey(createPrivateKey(PUBLISHED_PRIVATE_KEY))
    expect(rsaVerify('source', PUBLISHED_SIGNATURE, publicKey)).toBe(true)
    expect(rsaVerify('wrong source', PUBLISHED_SIGNATURE, publicKey)).toBe(false)
    expect(rsaVerify('source', 'invalid base64 signature', publicKey)).toBe(false)
  })

  it('decrypts a real notification\'s resource, and refuses it altered or under another key', () => {
    const plaintext = decryptResource(PUBLISHED_RESOURCE, PUBLISHED_API_V3_KEY)
    expect(JSON.parse(plaintext ?? '{}')).toMatchObject({
      mchid: '1643758434',
      out_trade_no: 'native3000chi20230511100017',
      trade_state: 'SUCCESS',
      amount: { total: 1, payer_total: 1, currency: 'CNY' },
    })
    const altered = { ...PUBLISHED_RESOURCE, ciphertext: `A${PUBLISHED_RESOURCE.ciphertext.slice(1)}` }
    expect(decryptResource(altered, PUBLISHED_API_V3_KEY)).toBeUndefined()
    expect(decryptResource({ ...PUBLISHED_RESOURCE, associated_data: 'refund' }, PUBLISHED_API_V3_KEY)).toBeUndefined()
    expect(decryptResource(PUBLISHED_RESOURCE, DEMO_API_V3_KEY)).toBeUndefined()
  })
})

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
  // these tests count the orders and incomes they make: the seeded sales are not theirs
  await app.db.run('DELETE FROM income_entries')
  await app.db.run('DELETE FROM orders')
})
afterEach(() => app.close())

async function createOrder(fields: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
  return post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer, ...fields }, headers)
}

async function openOrder(): Promise<PayConfig> {
  const { body } = await createOrder()
  expect(body.code).toBe(200)
  return body.data.object
}

const orderRow = (orderNO: string) =>
  app.db.one<{ status: number; notifyCount: number }>('SELECT status, notify_count AS "notifyCount" FROM orders WHERE order_no = ?', [orderNO])
const incomes = async (orderNO: string) =>
  (await app.db.one<{ n: number }>('SELECT count(*) AS n FROM income_entries WHERE order_no = ? AND refunded = 0', [orderNO]))?.n
const bought = async () =>
  (await app.db.one<{ n: number }>("SELECT count(*) AS n FROM purchases WHERE wmid = 'wm_buyer' AND lesson_id = (SELECT id FROM lessons WHERE course_data = 'demo-paid')"))?.n

/** What WeChat Pay would post for a successful payment of `total` fen. */
function paidTransaction(orderNO: string, total: number) {
  return {
    mchid: DEMO_MCH_ID,
    appid: DEV_APP_ID,
    out_trade_no: orderNO,
    transaction_id: '4200000000000000000000000001',
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    success_time: '2026-11-26T10:00:00+08:00',
    amount: { total, payer_total: total, currency: 'CNY' },
    payer: { openid: 'o-buyer' },
  }
}

function notify(body: string, headers: Record<string, string> = wechatpayHeaders(body, Date.now()), url = PAY_NOTIFY) {
  return app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } })
}

describe('JSAPI prepay and the pay parameters', () => {
  it('answers a prepay_id from WeChat Pay and a paySign of appId, timeStamp, nonceStr and package under the merchant key', async () => {
    const config = await openOrder()
    expect(config.signType).toBe('RSA')
    expect(config.package).toMatch(/^prepay_id=wx\w+$/)
    const stored = await app.db.one<{ total: number; openid: string }>('SELECT total, openid FROM standin_wxpay_transactions WHERE out_trade_no = ?', [config.orderNO])
    expect(stored?.total).toBe(config.totalFee)
    expect(stored?.openid).toMatch(/.+/)
    const message = `${config.appId}\n${config.timeStamp}\n${config.nonceStr}\n${config.package}\n`
    expect(rsaVerify(message, config.sign, createPublicKey(DEMO_MERCHANT_KEY))).toBe(true)
    expect(rsaVerify(message.replace('prepay_id=', 'prepay_id=x'), config.sign, createPublicKey(DEMO_MERCHANT_KEY))).toBe(false)
  })

  it('pays through the stand-in\'s signed, sealed notification: the sandbox unlocks the lesson once', async () => {
    const config = await openOrder()
    const paid = await post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO: config.orderNO })
    expect(paid.body.data.object.orderStatus).toBe(1)
    expect(await orderRow(config.orderNO)).toEqual({ status: 1, notifyCount: 1 })
    expect(await incomes(config.orderNO)).toBe(1)
    expect(await bought()).toBe(1)
  })
})

describe('a tampered notification changes nothing', () => {
  async function expectUnchanged(orderNO: string) {
    expect(await orderRow(orderNO)).toEqual({ status: 0, notifyCount: 0 })
    expect(await incomes(orderNO)).toBe(0)
    expect(await bought()).toBe(0)
  }

  it('a bad signature', async () => {
    const { orderNO, totalFee } = await openOrder()
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())
    const headers = wechatpayHeaders(body, Date.now())
    const res = await notify(body, { ...headers, 'wechatpay-signature': rsaSign('something else', createPrivateKey(PUBLISHED_PRIVATE_KEY)) })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ code: 'FAIL', message: anyString() })
    await expectUnchanged(orderNO)
  })

  it('an unknown serial, even signed well by the key it names', async () => {
    const { orderNO, totalFee } = await openOrder()
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const timestamp = String(Math.floor(Date.now() / 1000))
    const res = await notify(body, {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': 'n0nce',
      'wechatpay-serial': 'PUB_KEY_ID_0000STRANGER',
      'wechatpay-signature': rsaSign(signatureMessage(timestamp, 'n0nce', body), stranger),
    })
    expect(res.statusCode).toBe(401)
    await expectUnchanged(orderNO)
  })

  it('an altered ciphertext under a valid signature', async () => {
    const { orderNO, totalFee } = await openOrder()
    const envelope = JSON.parse(notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())) as {
      resource: EncryptedResource
    }
    const sealed = Buffer.from(envelope.resource.ciphertext, 'base64')
    sealed[3] ^= 1
    const body = JSON.stringify({ ...envelope, resource: { ...envelope.resource, ciphertext: sealed.toString('base64') } })
    const res = await notify(body)
    expect(res.statusCode).toBe(400)
    await expectUnchanged(orderNO)
  })

  it('a replay: an old notification is refused, and the same one again has one effect', async () => {
    const { orderNO, totalFee } = await openOrder()
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())
    const stale = await notify(body, wechatpayHeaders(body, Date.now() - 10 * 60_000))
    expect(stale.statusCode).toBe(401)
    await expectUnchanged(orderNO)
    const headers = wechatpayHeaders(body, Date.now())
    expect((await notify(body, headers)).statusCode).toBe(204)
    expect((await notify(body, headers)).statusCode).toBe(204)
    expect((await orderRow(orderNO))?.status).toBe(1)
    expect(await incomes(orderNO)).toBe(1)
  })

  it('a wrong amount, signed and sealed well', async () => {
    const { orderNO, totalFee } = await openOrder()
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee - 1), Date.now())
    const res = await notify(body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'FAIL', message: 'the amount does not match the order' })
    await expectUnchanged(orderNO)
  })

  it('another merchant\'s payment of the same order number', async () => {
    const { orderNO, totalFee } = await openOrder()
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', { ...paidTransaction(orderNO, totalFee), mchid: '1230000109' }, Date.now())
    expect((await notify(body)).statusCode).toBe(400)
    await expectUnchanged(orderNO)
  })
})

it('50 identical notifications at once have one effect', async () => {
  const { orderNO, totalFee } = await openOrder()
  const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())
  const headers = wechatpayHeaders(body, Date.now())
  const answers = await Promise.all(Array.from({ length: 50 }, () => notify(body, headers)))
  expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204))
  expect(await orderRow(orderNO)).toEqual({ status: 1, notifyCount: 50 })
  expect(await incomes(orderNO)).toBe(1)
  expect(await bought()).toBe(1)
})

it('the order query settles a payment whose notification never arrived', async () => {
  const { orderNO } = await openOrder()
  // WeChat Pay took the money; its notification was lost on the way
  await app.db.run("UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = 'lost-1', success_time = '2026-11-26T10:00:00+08:00' WHERE out_trade_no = ?", [
    orderNO,
  ])
  expect((await orderRow(orderNO))?.status).toBe(0)
  const { body } = await post<ObjectData<OrderState>>(app, ORDER_QUERY, { orderNO, loginData: LOGIN.buyer })
  expect(body.data.object.orderStatus).toBe(1)
  expect(await incomes(orderNO)).toBe(1)
  expect(await bought()).toBe(1)
})

describe('refunds', () => {
  it('reach the seller\'s income, the buyer\'s list (orderStatus 4) and the buyer\'s access, once', async () => {
    const { orderNO } = await openOrder()
    await post(app, SANDBOX_PAY, { orderNO })
    const first = await refundOrder(app, demoWechatPay(), DEMO_WECHAT, orderNO, '测试退款')
    expect(first).toMatchObject({ ok: true })
    expect((await orderRow(orderNO))?.status).toBe(4)
    expect(await incomes(orderNO)).toBe(0)
    expect(await bought()).toBe(0)
    const list = await post<{ array: Array<{ orderNO: string; orderStatus: number }> }>(app, '/wmim/course/v2/bought/list.do', { page: 1, pageSize: 20, orderType: 1 }, BUYER)
    expect(list.body.data.array.find((row) => row.orderNO === orderNO)?.orderStatus).toBe(4)
    // asking again is the same refund at WeChat Pay: nothing more happens
    expect(await refundOrder(app, demoWechatPay(), DEMO_WECHAT, orderNO, '测试退款')).toEqual({ ok: false, reason: 'not-paid' })
    const refunds = await app.db.one<{ n: number }>('SELECT count(*) AS n FROM standin_wxpay_refunds WHERE out_trade_no = ?', [orderNO])
    expect(refunds?.n).toBe(1)
  })

  it('a refund notification of a wrong amount refunds nothing', async () => {
    const { orderNO, totalFee } = await openOrder()
    await post(app, SANDBOX_PAY, { orderNO })
    const refund = { mchid: DEMO_MCH_ID, out_trade_no: orderNO, out_refund_no: `RF${orderNO}`, refund_id: '1', refund_status: 'SUCCESS', amount: { total: totalFee, refund: 1 } }
    const body = notificationBody('REFUND.SUCCESS', '退款成功', 'refund', refund, Date.now())
    expect((await notify(body, undefined, REFUND_NOTIFY)).statusCode).toBe(400)
    expect((await orderRow(orderNO))?.status).toBe(1)
    expect(await bought()).toBe(1)
  })

  it('a payment notification at the refund URL refunds nothing', async () => {
    const { orderNO, totalFee } = await openOrder()
    await post(app, SANDBOX_PAY, { orderNO })
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', paidTransaction(orderNO, totalFee), Date.now())
    expect((await notify(body, undefined, REFUND_NOTIFY)).statusCode).toBe(400)
    expect((await orderRow(orderNO))?.status).toBe(1)
  })
})

describe('the mini-program on iOS', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN'
  const MINI_REFERER = 'https://servicewechat.com/wx-dev-mini/0/page-frame.html'
  const noOrders = async () => (await app.db.one<{ n: number }>('SELECT count(*) AS n FROM orders'))?.n

  it('is refused when the mini-program says iOS', async () => {
    const { body } = await createOrder({ platform: 'weapp-ios' })
    expect(body.code).toBe(403)
    expect(body.msg).toBe('由于相关规范，iOS 功能暂不可用')
    expect(await noOrders()).toBe(0)
  })

  it('is refused when WeChat\'s own headers say mini-program on an iPhone, whatever the client claims', async () => {
    const { body } = await createOrder({ platform: 'weapp-android' }, { referer: MINI_REFERER, 'user-agent': IPHONE })
    expect(body.code).toBe(403)
    expect(await noOrders()).toBe(0)
  })

  it('leaves H5 on an iPhone and the mini-program on Android alone', async () => {
    expect((await createOrder({}, { 'user-agent': IPHONE })).body.code).toBe(200)
    await app.db.run('DELETE FROM standin_wxpay_transactions')
    await app.db.run('DELETE FROM orders')
    const android = await createOrder({ platform: 'weapp-android' }, { referer: MINI_REFERER })
    expect(android.body.code).toBe(200)
    expect(android.body.data.object.appId).toBe('wx-dev-mini')
  })
})

it('sells a paid live by the courseData its page has: prepay, payment, the sale in the seller\'s income, the buyer may watch', async () => {
  const live = await app.db.one<{ courseData: string; fee: number }>(
    'SELECT s.course_data AS "courseData", l.live_fee AS fee FROM live_shows s JOIN lives l ON l.id = s.sale_live_id WHERE l.wmid <> ? ORDER BY s.id LIMIT 1',
    ['wm_buyer'],
  )
  if (!live) throw new Error('the demo has no paid live')
  await app.db.run("DELETE FROM live_orders WHERE wmid = 'wm_buyer'")
  const { body } = await createOrder({ courseData: live.courseData, payType: 2 })
  expect(body.code).toBe(200)
  const { orderNO, totalFee } = body.data.object
  expect(totalFee).toBe(live.fee)
  expect(orderNO).toMatch(/^LV/)
  const paid = await post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO })
  expect(paid.body.data.object.orderStatus).toBe(1)
  expect(await app.db.one('SELECT status FROM live_orders WHERE order_no = ?', [orderNO])).toEqual({ status: 1 })
  expect(await incomes(orderNO)).toBeGreaterThan(0)
  // what the live area's access reads (server/live/data.ts hasBought): a paid sale of the live's item
  const owned = await app.db.one<{ n: number }>(
    "SELECT count(*) AS n FROM live_orders WHERE wmid = 'wm_buyer' AND status = 1 AND live_id = (SELECT sale_live_id FROM live_shows WHERE course_data = ?)",
    [live.courseData],
  )
  expect(owned?.n).toBe(1)
})
