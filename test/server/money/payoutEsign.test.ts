/**
 * Issue 34 item 10: "the first payout requires signing via an e-signature provider's SMS" (spec
 * 001 §9) is a state of the seller's account. The code goes to the phone reserved on the bound
 * card through the SMS sender (the Tencent Cloud stand-in here), under the login SMS's rules
 * (one a minute, five wrong guesses); signing is once, however often it arrives; and only the
 * session's own account is ever signed. On SQLite, and on PostgreSQL under scripts/engines.mjs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../../types/api'
import type { EsignState } from '../../../types/money'
import { moneyCalls } from '../../../types/money'
import { textOf } from '../../../server/core/messages'
import { runPayout } from '../../../server/money/payout'
import { BUYER, DEV_SMS, TEACHER, VISITOR, getJson, post, testApp } from '../helpers'
import type { Fields } from '../helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const CARD = { realName: '王芳', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
const call = <T>(path: string, fields: Fields = {}, session: Record<string, string> = BUYER) => post<T>(app, path, fields, session)
const state = async (session = BUYER): Promise<EsignState> => (await call<ObjectData<EsignState>>(moneyCalls.esign.path, {}, session)).body.data.object
const lastCode = async (phone = CARD.phone): Promise<string> =>
  (await getJson<ObjectData<{ code: string }>>(app, `${DEV_SMS}?phone=${phone}&interCode=86`)).body.data.object.code

describe('the payout e-signature', () => {
  it('needs a bound card: the code goes to the phone reserved on it', async () => {
    expect(await state()).toEqual({ signed: 0, phone: '', signedAt: 0 })
    expect((await call(moneyCalls.esignSendSms.path)).body).toMatchObject({ code: 400, msg: textOf('esignNeedsCard', 'zh-CN') })
    expect((await call(moneyCalls.saveBankCard.path, CARD)).body.code).toBe(200)
    expect(await state()).toEqual({ signed: 0, phone: '139****0009', signedAt: 0 })
    expect((await call(moneyCalls.esignSendSms.path)).body.code).toBe(200)
    // one a minute, as for the phone binding
    expect((await call(moneyCalls.esignSendSms.path)).body.code).not.toBe(200)
    expect(await lastCode()).toMatch(/^[0-9]{6}$/)
  })

  it('signs with the right code once, however often it arrives (50 at once), and says so after', async () => {
    await call(moneyCalls.saveBankCard.path, CARD)
    await call(moneyCalls.esignSendSms.path)
    const code = await lastCode()
    const answers = await Promise.all(Array.from({ length: 50 }, () => call<ObjectData<EsignState>>(moneyCalls.esignConfirm.path, { vcode: code })))
    expect(answers.map((a) => a.body.code)).toEqual(Array(50).fill(200))
    const signedAt = answers[0].body.data.object.signedAt
    expect(answers.every((a) => a.body.data.object.signed === 1 && a.body.data.object.signedAt === signedAt)).toBe(true)
    expect(await app.db.all(`SELECT wmid FROM payout_signatures WHERE wmid = 'wm_buyer'`)).toHaveLength(1)
    expect((await call(moneyCalls.esignSendSms.path)).body).toMatchObject({ code: 400, msg: textOf('esignAlreadySigned', 'zh-CN') })
  })

  it('refuses a blank, wrong or over-guessed code, and a code sent to another seller', async () => {
    await call(moneyCalls.saveBankCard.path, CARD)
    await call(moneyCalls.esignSendSms.path)
    const code = await lastCode()
    expect((await call(moneyCalls.esignConfirm.path, { vcode: ' ' })).body.code).toBe(400)
    expect((await call(moneyCalls.esignConfirm.path, {})).body.code).toBe(400)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) expect((await call(moneyCalls.esignConfirm.path, { vcode: wrong })).body.code).toBe(400)
    // the code is void after five wrong guesses
    expect((await call(moneyCalls.esignConfirm.path, { vcode: code })).body.code).toBe(400)
    expect((await state()).signed).toBe(0)
    // the visitor's card reserves another phone: the buyer's code does not sign the visitor
    await call(moneyCalls.saveBankCard.path, { ...CARD, phone: '13900000010' }, VISITOR)
    await call(moneyCalls.esignSendSms.path, {}, VISITOR)
    expect((await call(moneyCalls.esignConfirm.path, { vcode: code }, VISITOR)).body.code).toBe(400)
    expect((await state(VISITOR)).signed).toBe(0)
  })

  it('answers 601 without a session and signs nobody', async () => {
    for (const path of [moneyCalls.esign.path, moneyCalls.esignSendSms.path, moneyCalls.esignConfirm.path]) {
      expect((await call(path, { vcode: '123456' }, { userid: 'wm_buyer', token: 'forged' })).body.code).toBe(601)
    }
    expect(await app.db.all(`SELECT wmid FROM payout_signatures WHERE wmid <> 'wm_teacher'`)).toHaveLength(0)
  })

  it("once signed, the seller's waiting withdrawal goes out in the next run", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'payout-'))
    try {
      await app.db.run(`DELETE FROM payout_signatures WHERE wmid = 'wm_teacher'`)
      await new Promise((resolve) => setTimeout(resolve, 5))
      await call(moneyCalls.saveBankCard.path, CARD, TEACHER)
      const before = await runPayout(app.db, dir, Date.now(), 'node-a')
      expect(before).toMatchObject({ outcome: { sent: 0, awaitingSignature: 1 } })
      expect((await state(TEACHER)).signed).toBe(0)
      await call(moneyCalls.esignSendSms.path, {}, TEACHER)
      expect((await call(moneyCalls.esignConfirm.path, { vcode: await lastCode() }, TEACHER)).body.code).toBe(200)
      expect(await runPayout(app.db, dir, Date.now(), 'node-a')).toMatchObject({ outcome: { sent: 1, totalFen: 981 } })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
