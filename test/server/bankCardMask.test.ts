/**
 * Issue 30 item 9: the card's numbers never leave the server in full. The info call answers the
 * card number to its last 4 digits (spec 001 §9), the ID number and the reserved phone masked; a
 * save that sends a number back exactly as masked keeps the stored one, a retyped number replaces
 * it, and a masked number that matches nothing stored is refused. Runs on SQLite, and on
 * PostgreSQL as well under scripts/engines.mjs.
 *
 * The seed: wm_teacher's card is 林晓, 110101199001011234, 6214830000008888, 13800000001, 招商银行.
 */
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../types/api'
import type { BankCard } from '../../types/money'
import { moneyCalls } from '../../types/money'
import { BUYER, TEACHER, post, testApp } from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const STORED = { idCardNo: '110101199001011234', bankNo: '6214830000008888', phone: '13800000001' }
const MASKED: BankCard = {
  realName: '林晓',
  idCardNo: '**************1234',
  bankNo: '**** **** **** 8888',
  phone: '138****0001',
  bankName: '招商银行',
}

const info = (session = TEACHER) => post<ObjectData<BankCard>>(app, moneyCalls.bankCard.path, {}, session)
const save = (card: Fields, session = TEACHER) => post<ObjectData<BankCard>>(app, moneyCalls.saveBankCard.path, card, session)
/** What the database holds, read around the api. */
const stored = (wmid = 'wm_teacher') =>
  app.db.one<{ realName: string; idCardNo: string; bankNo: string; phone: string; bankName: string; isError: number }>(
    `SELECT real_name AS "realName", id_card_no AS "idCardNo", bank_no AS "bankNo", phone, bank_name AS "bankName", is_error AS "isError"
     FROM bank_cards WHERE wmid = ?`,
    [wmid],
  )
/** The blanks the app's form drops before sending (src/domain/money.ts cardForWire). */
const compact = (card: BankCard): Fields => ({ ...card, bankNo: card.bankNo.replace(/\s/g, '') })

describe('the info call', () => {
  it('answers the numbers masked, never in full', async () => {
    const res = await info()
    expect(res.body.data.object).toEqual(MASKED)
    for (const full of Object.values(STORED)) expect(res.raw).not.toContain(full)
  })
})

describe('saving', () => {
  it('keeps each number sent back as masked, with or without the blanks, and answers masked', async () => {
    for (const card of [MASKED, compact(MASKED)]) {
      const res = await save({ ...card, bankName: '招商银行上海分行' })
      expect(res.body.code).toBe(200)
      expect(res.body.data.object).toEqual({ ...MASKED, bankName: '招商银行上海分行' })
      for (const full of Object.values(STORED)) expect(res.raw).not.toContain(full)
      expect(await stored()).toEqual({ ...STORED, realName: '林晓', bankName: '招商银行上海分行', isError: 0 })
    }
  })

  it('replaces a retyped number and keeps the others', async () => {
    const res = await save({ ...compact(MASKED), bankNo: '6222020000004321' })
    expect(res.body.data.object.bankNo).toBe('**** **** **** 4321')
    expect(await stored()).toMatchObject({ ...STORED, bankNo: '6222020000004321' })
    expect((await info()).body.data.object).toEqual({ ...MASKED, bankNo: '**** **** **** 4321' })
  })

  it.each([
    ['an ID mask with other last digits', { idCardNo: '**************9999' }],
    ['a phone mask with other first digits', { phone: '139****0001' }],
    ['a card mask with other last digits', { bankNo: '************1111' }],
  ])('refuses %s, and keeps the card', async (_name, change) => {
    const res = await save({ ...compact(MASKED), ...change })
    expect(res.body).toMatchObject({ code: 400, msg: '银行卡信息已在别处修改，请重新填写证件号码、银行卡号和预留手机号' })
    expect(await stored()).toMatchObject({ ...STORED, isError: 1 })
  })

  it.each([
    ['stars in the middle of a card number', { bankNo: '6214****00008888' }],
    ['only stars', { idCardNo: '******************' }],
    ['a mask of the wrong shape', { phone: '*' }],
  ])('refuses %s as a malformed field', async (_name, change) => {
    const res = await save({ ...compact(MASKED), ...change })
    expect(res.body.code).toBe(400)
    expect(await stored()).toMatchObject({ ...STORED, isError: 1 })
  })

  it('another user sending this seller\'s masked card gets nothing of it: they have no card to keep', async () => {
    const res = await save(compact(MASKED), BUYER)
    expect(res.body.code).toBe(400)
    expect(await stored('wm_buyer')).toBeUndefined()
    expect((await info(BUYER)).body.code).toBe(404)
  })

  it('50 concurrent saves of the masked card keep the stored numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => save(compact(MASKED))))
    expect(answers.every((a) => a.body.code === 200)).toBe(true)
    expect(await stored()).toMatchObject(STORED)
  })
})
