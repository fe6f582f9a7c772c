/**
 * The money calls (types/money.ts): lists, the income summary, withdrawals, retries, the payout
 * run and the bank card, each from the seller's session and from sessions that try to reach the
 * seller's money (another user, none, an expired one), with replays, 50 concurrent withdrawals and
 * hostile input. After every step the ledger must add up: income = usable + unusable + every
 * withdrawal that did not fail + what failed withdrawals hold for their retry. The retry itself,
 * and the masked card, have their own files: withdrawRetry.test.ts, bankCardMask.test.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type {
  BankCard,
  BoughtItem,
  ClearingRecord,
  IncomeSummary,
  PayoutResult,
  RecashRecord,
  SalesIncomeRecord,
  SellingLesson,
  SellingLive,
} from '../../types/money'
import { textOf } from '../../server/core/messages'
import { OrderRepository } from '../../server/purchase/data'
import { MATURITY_MS, moneyCalls, moneyDevCalls } from '../../types/money'
import { BUYER, BUYER_EXPIRED, LOGIN, SANDBOX_PAY, TEACHER, VISITOR, post, testApp } from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const PAGE = { page: 1, pageSize: 20 }
const CARD: BankCard = {
  realName: '林晓',
  idCardNo: '11010119900101123X',
  bankNo: '6222020000001234',
  phone: '13900000009',
  bankName: '工商银行',
}

const call = <T>(path: string, fields: Fields, session: Record<string, string> = TEACHER) => post<T>(app, path, fields, session)
const summary = async (session = TEACHER): Promise<IncomeSummary> =>
  (await call<ObjectData<IncomeSummary>>(moneyCalls.summary.path, {}, session)).body.data.object
const clearings = async (session = TEACHER): Promise<ClearingRecord[]> =>
  (await call<ArrayData<ClearingRecord>>(moneyCalls.clearings.path, PAGE, session)).body.data.array
const apply = (session = TEACHER, loginData: string = LOGIN.teacher) =>
  call<ObjectData<ClearingRecord>>(moneyCalls.apply.path, { loginData }, session)
const applyAgain = (clearingNO: string, session = TEACHER) =>
  call<ObjectData<ClearingRecord>>(moneyCalls.applyAgain.path, { clearingNO }, session)
const saveCard = (card: Fields = { ...CARD }, session = TEACHER) => call<ObjectData<BankCard>>(moneyCalls.saveBankCard.path, card, session)
const payout = (fields: Fields = {}) => call<ObjectData<PayoutResult>>(moneyDevCalls.payout.path, fields, {})

/** The ledger computed straight from the entries, independently of the summary's queries. */
async function ledgerIncome(wmid: string): Promise<number> {
  const row = await app.db.one<{ total: number }>(
    `SELECT coalesce(sum(e.amount), 0) AS total FROM income_entries e LEFT JOIN clearings c ON c.clearing_no = e.clearing_no
     WHERE e.wmid = ? AND (e.refunded = 0 OR c.status IN (0, 1))`,
    [wmid],
  )
  return row?.total ?? 0
}

/** What the user's failed withdrawals hold for their retry: their sales not refunded. */
async function heldByFailed(wmid: string): Promise<number> {
  const row = await app.db.one<{ total: number }>(
    `SELECT coalesce(sum(e.amount), 0) AS total FROM income_entries e JOIN clearings c ON c.clearing_no = e.clearing_no
     WHERE e.wmid = ? AND c.status = 2 AND e.refunded = 0`,
    [wmid],
  )
  return row?.total ?? 0
}

async function expectBalanced(wmid = 'wm_teacher', session = TEACHER): Promise<IncomeSummary> {
  const s = await summary(session)
  const notFailed = (await clearings(session)).filter((c) => c.clearingStatus !== 2).reduce((sum, c) => sum + c.orderMoney, 0)
  expect(s.usableMoney).toBeGreaterThanOrEqual(0)
  expect(s.unUsableMoney).toBeGreaterThanOrEqual(0)
  expect(s.totalMoney).toBe(s.usableMoney + s.unUsableMoney + notFailed + (await heldByFailed(wmid)))
  expect(s.totalMoney).toBe(await ledgerIncome(wmid))
  expect(s.arriveMoney).toBe(s.usableMoney - s.taxFee)
  return s
}

describe('income summary', () => {
  it('adds the seeded sales and share reward up: matured usable, recent not yet, refunds left out, the failed withdrawal\'s held', async () => {
    const s = await expectBalanced()
    expect(s).toEqual({
      totalMoney: 12650,
      usableMoney: 5180,
      unUsableMoney: 1500,
      taxFee: 51,
      arriveMoney: 5129,
      isBindBankCard: 1,
      isErrorBankInfo: 1,
    })
  })

  it('a buyer with no sales has nothing, and no card', async () => {
    expect(await summary(BUYER)).toEqual({
      totalMoney: 0,
      usableMoney: 0,
      unUsableMoney: 0,
      taxFee: 0,
      arriveMoney: 0,
      isBindBankCard: 0,
      isErrorBankInfo: 0,
    })
  })

  it('a newly paid sale adds to the seller\'s income but is not withdrawable for 7 days', async () => {
    const before = await summary()
    const order = await post<ObjectData<{ orderNO: string }>>(app, '/wmim/course/v2/order/create.do', {
      courseData: 'demo-paid',
      loginData: LOGIN.buyer,
      inviterWmid: 'wm_assistant',
    })
    expect(order.body.code).toBe(200)
    await post(app, SANDBOX_PAY, { orderNO: order.body.data.object.orderNO })
    // a replayed payment changes nothing
    await post(app, SANDBOX_PAY, { orderNO: order.body.data.object.orderNO })
    const after = await expectBalanced()
    // demo-paid: 990 fen, 100 of it the share reward of wm_assistant, whose link the buyer came from
    expect(after.unUsableMoney - before.unUsableMoney).toBe(890)
    expect(after.usableMoney).toBe(before.usableMoney)
    const assistant = await app.db.one("SELECT sum(amount) AS s FROM income_entries WHERE wmid = 'wm_assistant' AND kind = 2")
    expect(assistant).toEqual({ s: 100 })
  })

  it('a refund takes a sale out of the income', async () => {
    expect(await new OrderRepository(app.db).refund('LPSEED01')).toBe(true)
    const s = await expectBalanced()
    expect(s.usableMoney).toBe(5180 - 1990)
  })

  it('a refund counts once, however often and however concurrently it arrives', async () => {
    const orders = new OrderRepository(app.db)
    const answers = await Promise.all(Array.from({ length: 20 }, () => orders.refund('LPSEED01')))
    expect(answers.filter((refunded) => refunded)).toHaveLength(1)
    expect(await orders.refund('LPSEED01')).toBe(false)
    expect((await expectBalanced()).usableMoney).toBe(5180 - 1990)
  })

  it('50 concurrent payments of one order write its income once', async () => {
    const order = await post<ObjectData<{ orderNO: string }>>(app, '/wmim/course/v2/order/create.do', {
      courseData: 'demo-paid',
      loginData: LOGIN.buyer,
      inviterWmid: 'wm_assistant',
    })
    const { orderNO } = order.body.data.object
    await Promise.all(Array.from({ length: 50 }, () => post(app, SANDBOX_PAY, { orderNO })))
    expect(await app.db.all('SELECT entry_key, wmid, amount FROM income_entries WHERE order_no = ? ORDER BY entry_key', [orderNO])).toEqual([
      { entry_key: `R:${orderNO}`, wmid: 'wm_assistant', amount: 100 },
      { entry_key: `S:${orderNO}`, wmid: 'wm_teacher', amount: 890 },
    ])
    await expectBalanced()
  })

  it('pays a share reward only to another user than the seller, and never more than the fee', async () => {
    const orders = new OrderRepository(app.db)
    const lesson = (await app.db.one<{ id: number; fee: number }>("SELECT id, fee FROM lessons WHERE course_data = 'demo-paid'")) as { id: number; fee: number }
    await app.db.run('UPDATE lessons SET share_recash = 5000 WHERE id = ?', [lesson.id])
    const paidVia = async (wmid: string, inviterWmid: string): Promise<unknown[]> => {
      const open = await orders.openOrder({ wmid, lessonId: lesson.id, totalFee: lesson.fee, inviterWmid }, Date.now())
      // the settlement a verified payment notification makes (server/purchase/payments.ts)
      expect((await orders.settle(open.orderNO, open.totalFee, Date.now())).outcome).toBe('settled')
      return app.db.all('SELECT wmid, kind, amount FROM income_entries WHERE order_no = ? ORDER BY entry_key', [open.orderNO])
    }
    // the seller's own link earns no reward: the whole fee is the sale
    expect(await paidVia('wm_buyer', 'wm_teacher')).toEqual([{ wmid: 'wm_teacher', kind: 1, amount: 990 }])
    // a reward above the fee is the fee, and nothing is left for a sale
    expect(await paidVia('wm_visitor', 'wm_buyer')).toEqual([{ wmid: 'wm_buyer', kind: 2, amount: 990 }])
    await expectBalanced()
  })
})

describe('lists', () => {
  it('the buyer sees bought lessons (the refunded one marked) and lives, newest first', async () => {
    const lessons = (await call<ArrayData<BoughtItem>>(moneyCalls.bought.path, { ...PAGE, orderType: 1 }, BUYER)).body.data.array
    expect(lessons.map((i) => [i.orderNO, i.courseData, i.orderStatus, i.totalFee])).toEqual([
      ['LPSEED02', 'demo-paid', 4, 990],
      ['LPSEED01', 'paid-bought', 1, 1990],
    ])
    expect(lessons[0].courseName).not.toBe('')
    const lives = (await call<ArrayData<BoughtItem>>(moneyCalls.bought.path, { ...PAGE, orderType: 2 }, BUYER)).body.data.array
    expect(lives.map((i) => [i.orderType, i.courseData, i.title])).toEqual([
      [2, 'live-qa', '助教答疑直播'],
      [2, 'live-english', '英语口语直播课'],
    ])
  })

  it('pages by the page size', async () => {
    const first = await call<ArrayData<BoughtItem>>(moneyCalls.bought.path, { page: 1, pageSize: 1, orderType: 1 }, BUYER)
    const second = await call<ArrayData<BoughtItem>>(moneyCalls.bought.path, { page: 2, pageSize: 1, orderType: 1 }, BUYER)
    const third = await call<ArrayData<BoughtItem>>(moneyCalls.bought.path, { page: 3, pageSize: 1, orderType: 1 }, BUYER)
    expect([first, second, third].map((a) => a.body.data.array.map((i) => i.orderNO))).toEqual([['LPSEED02'], ['LPSEED01'], []])
  })

  it('the seller sees lessons and lives on sale with paid sales counted', async () => {
    const lessons = (await call<ArrayData<SellingLesson>>(moneyCalls.salesLessons.path, PAGE)).body.data.array
    const byData = Object.fromEntries(lessons.map((l) => [l.courseData, l]))
    expect(byData['demo-paid']).toMatchObject({ fee: 990, salesCount: 1, shareRecash: 100 })
    expect(byData['paid-bought']).toMatchObject({ fee: 1990, salesCount: 2 })
    const lives = (await call<ArrayData<SellingLive>>(moneyCalls.salesLives.path, PAGE)).body.data.array
    expect(lives.map((l) => [l.courseData, l.liveF, l.salesCount])).toEqual(
      expect.arrayContaining([
        ['live-english', 2990, 2],
        ['live-grammar', 1500, 1],
      ]),
    )
    expect(lives).toHaveLength(2)
  })

  it('sales income and share income records are the seller\'s own', async () => {
    const sales = (await call<ArrayData<SalesIncomeRecord>>(moneyCalls.income.path, PAGE)).body.data.array
    expect(sales.map((r) => r.orderNO).sort()).toEqual(['LPSEED01', 'LPSEED02', 'LPSEED03', 'LPSEED04', 'LVSEED01', 'LVSEED02', 'LVSEED04'])
    expect(sales.find((r) => r.orderNO === 'LPSEED02')?.orderStatus).toBe(4)
    expect(sales.find((r) => r.orderNO === 'LVSEED01')).toMatchObject({ buyerNickname: '学员阿杰', orderType: 2, totalFee: 2990 })
    expect(sales.every((r) => r.buyerFaceIcon.startsWith('http://'))).toBe(true)
    const share = (await call<ArrayData<RecashRecord>>(moneyCalls.recash.path, PAGE)).body.data.array
    expect(share).toEqual([expect.objectContaining({ recashFee: 200, courseName: '助教答疑直播', nickname: '学员阿杰' })])
    // the buyer sees none of it
    expect((await call<ArrayData<SalesIncomeRecord>>(moneyCalls.income.path, PAGE, BUYER)).body.data.array).toEqual([])
    expect((await call<ArrayData<RecashRecord>>(moneyCalls.recash.path, PAGE, BUYER)).body.data.array).toEqual([])
  })

  it('withdrawal records in all three states, newest first', async () => {
    const list = await clearings()
    expect(list.map((c) => [c.clearingNO, c.clearingStatus, c.failType])).toEqual([
      ['CLSEED02', 0, 0],
      ['CLSEED03', 2, 1],
      ['CLSEED01', 1, 0],
    ])
    expect(list[0]).toMatchObject({ orderMoney: 990, taxFee: 9, money: 981, orderNum: 1 })
    expect(list[1].failReason).not.toBe('')
  })

  it.each([
    ['page 0', { page: 0, pageSize: 20 }],
    ['a huge page size', { page: 1, pageSize: 100000 }],
    ['text for a page', { page: 'one', pageSize: 20 }],
  ])('refuses %s', async (_name, fields) => {
    const res = await call(moneyCalls.clearings.path, fields)
    expect(res.body.code).toBe(400)
  })
})

describe('sessions', () => {
  const paths = Object.values(moneyCalls).map((c) => c.path)

  it.each([
    ['no session', {}],
    ['an expired session', BUYER_EXPIRED],
    ['a forged token', { userid: 'wm_teacher', token: 'token-buyer' }],
  ])('every call answers 601 with %s and moves nothing', async (_name, session) => {
    const before = await summary()
    for (const path of paths) {
      const res = await call(path, { ...PAGE, orderType: 1, loginData: LOGIN.teacher, clearingNO: 'CLSEED03', ...CARD }, session)
      expect([path, res.body.code]).toEqual([path, 601])
    }
    expect(await summary()).toEqual(before)
    expect((await call<ObjectData<BankCard>>(moneyCalls.bankCard.path, {})).body.data.object.bankNo).toBe('**** **** **** 8888')
  })

  it('another user\'s session cannot withdraw the seller\'s money, even with the seller\'s loginData', async () => {
    const res = await apply(BUYER, LOGIN.teacher)
    expect(res.body.code).toBe(403)
    await saveCard({ ...CARD }, BUYER)
    expect((await apply(BUYER, LOGIN.buyer)).body.code).toBe(409)
    expect(await summary()).toMatchObject({ usableMoney: 5180 })
  })

  it('another user\'s clearing number is answered as unknown', async () => {
    await saveCard({ ...CARD }, BUYER)
    const res = await applyAgain('CLSEED03', BUYER)
    expect(res.body).toMatchObject({ code: 404, data: null })
    expect((await clearings()).find((c) => c.clearingNO === 'CLSEED03')?.clearingStatus).toBe(2)
  })

  it('the card number is answered to its owner only', async () => {
    const other = await call(moneyCalls.bankCard.path, {}, BUYER)
    expect(other.body.code).toBe(404)
    expect(other.raw).not.toContain('8888')
    const visitor = await call(moneyCalls.bankCard.path, {}, VISITOR)
    expect(visitor.raw).not.toContain('6214830000008888')
    // unbinding someone else's card is impossible: the buyer has none to unbind
    expect((await call(moneyCalls.unbindBankCard.path, {}, BUYER)).body.code).toBe(404)
    expect((await call<ObjectData<BankCard>>(moneyCalls.bankCard.path, {})).body.data.object.bankNo).toBe('**** **** **** 8888')
  })
})

describe('withdrawal', () => {
  it('is refused while the card is marked erroneous, and after unbinding, until a card is saved', async () => {
    expect((await apply()).body).toMatchObject({ code: 400, msg: textOf('cardInfoWrong', 'zh-CN') })
    expect((await call(moneyCalls.unbindBankCard.path, {})).body.code).toBe(200)
    expect((await call(moneyCalls.bankCard.path, {})).body).toMatchObject({ code: 404, msg: textOf('noCardBound', 'zh-CN') })
    expect(await summary()).toMatchObject({ isBindBankCard: 0, isErrorBankInfo: 0 })
    expect((await apply()).body).toMatchObject({ code: 400, msg: textOf('noCardBound', 'zh-CN') })
    await expectBalanced()
  })

  it('moves the whole usable balance into one waiting clearing; a second apply finds nothing', async () => {
    expect((await saveCard()).body.code).toBe(200)
    const before = await summary()
    const res = await apply()
    expect(res.body.code).toBe(200)
    expect(res.body.data.object).toMatchObject({ orderMoney: 5180, taxFee: 51, money: 5129, clearingStatus: 0, orderNum: 3 })
    const after = await expectBalanced()
    expect(after).toMatchObject({ usableMoney: 0, unUsableMoney: 1500, totalMoney: before.totalMoney })
    expect((await apply()).body.code).toBe(409)
    expect(await summary()).toEqual(after)
  })

  it('50 concurrent applies make exactly one clearing and never a negative balance', async () => {
    await saveCard()
    const answers = await Promise.all(Array.from({ length: 50 }, () => apply()))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(49)
    const waiting = (await clearings()).filter((c) => c.clearingStatus === 0)
    expect(waiting.map((c) => c.orderMoney).sort((a, b) => a - b)).toEqual([990, 5180])
    await expectBalanced()
  })

  it('a sale that matures later becomes usable then', async () => {
    await saveCard()
    await apply()
    // move the recent sale back past the 7 days
    await app.db.run("UPDATE income_entries SET paid_at = paid_at - ? WHERE order_no = 'LVSEED04'", [MATURITY_MS])
    expect(await expectBalanced()).toMatchObject({ usableMoney: 1500, unUsableMoney: 0 })
    expect((await apply()).body.data.object.orderMoney).toBe(1500)
    await expectBalanced()
  })
})

describe('retry (applyAgain)', () => {
  it('is refused for a bank-info failure until the card is saved again, then resubmits it once', async () => {
    expect((await applyAgain('CLSEED03')).body.code).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await saveCard()
    const res = await applyAgain('CLSEED03')
    expect(res.body.data.object).toMatchObject({ clearingNO: 'CLSEED03', clearingStatus: 0, failReason: '' })
    const after = await expectBalanced()
    expect(after.usableMoney).toBe(5180)
    // a replay is refused: it is not failed any more
    expect((await applyAgain('CLSEED03')).body.code).toBe(400)
    expect(await summary()).toEqual(after)
  })

  it('is refused for a clearing that is waiting or paid out', async () => {
    expect((await applyAgain('CLSEED02')).body.code).toBe(400)
    expect((await applyAgain('CLSEED01')).body.code).toBe(400)
  })
})

describe('payout run', () => {
  it('pays waiting clearings to a good card; a second run pays nothing', async () => {
    await saveCard()
    await apply()
    expect((await payout()).body.data.object).toEqual({ paid: 2, failed: 0 })
    expect((await payout()).body.data.object).toEqual({ paid: 0, failed: 0 })
    expect((await clearings()).filter((c) => c.clearingStatus === 0)).toEqual([])
    await expectBalanced()
  })

  it('fails them on the card when the bank rejects it: held for the retry, the card marked, retry after an update', async () => {
    await saveCard()
    const { clearingNO } = (await apply()).body.data.object
    expect((await payout({ rejectCardOf: 'wm_teacher' })).body.data.object).toEqual({ paid: 0, failed: 2 })
    const failed = (await clearings()).find((c) => c.clearingNO === clearingNO)
    expect(failed).toMatchObject({ clearingStatus: 2, failType: 1, retryable: 0 })
    const s = await expectBalanced()
    expect(s).toMatchObject({ usableMoney: 0, isErrorBankInfo: 1, totalMoney: 12650 })
    expect((await applyAgain(clearingNO)).body.code).toBe(400)
    // the card is saved a moment after the failure
    await app.db.run('UPDATE clearings SET settled_at = settled_at - 1000 WHERE clearing_no = ?', [clearingNO])
    await saveCard()
    expect((await applyAgain(clearingNO)).body.code).toBe(200)
    await expectBalanced()
  })
})

describe('bank card', () => {
  it('saves, answers and unbinds the owner\'s card', async () => {
    expect((await call(moneyCalls.bankCard.path, {}, BUYER)).body.code).toBe(404)
    const saved = await saveCard({ ...CARD, realName: '  王五 ' }, BUYER)
    expect(saved.body.data.object.realName).toBe('王五')
    // the numbers are answered masked (bankCardMask.test.ts)
    expect((await call<ObjectData<BankCard>>(moneyCalls.bankCard.path, {}, BUYER)).body.data.object).toEqual({
      ...CARD,
      realName: '王五',
      idCardNo: '**************123X',
      bankNo: '**** **** **** 1234',
      phone: '139****0009',
    })
    expect((await call(moneyCalls.unbindBankCard.path, {}, BUYER)).body.code).toBe(200)
    expect((await call(moneyCalls.unbindBankCard.path, {}, BUYER)).body.code).toBe(404)
  })

  it.each([
    ['a blank name', { realName: '   ' }],
    ['letters in the card number', { bankNo: '6222abcd00001234' }],
    ['a short card number', { bankNo: '1234' }],
    ['a bad ID number', { idCardNo: '<script>' }],
    ['a bad phone', { phone: '139-0000' }],
    ['a very long bank name', { bankName: 'x'.repeat(65) }],
  ])('refuses %s without echoing the card number', async (_name, change) => {
    const res = await saveCard({ ...CARD, ...change }, BUYER)
    expect(res.body.code).toBe(400)
    expect(res.raw).not.toContain(CARD.bankNo)
    expect((await call(moneyCalls.bankCard.path, {}, BUYER)).body.code).toBe(404)
  })

  it('refuses a JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: moneyCalls.saveBankCard.path,
      payload: JSON.stringify(CARD),
      headers: { 'content-type': 'application/json', ...BUYER },
    })
    expect(res.json()).toMatchObject({ code: 400 })
  })
})
