/**
 * Issue 34 item 10: the payout moves money through the bank's files, one effect per step however
 * often it runs (spec 001 §9 "payouts every Monday in bulk"; §3/§4 clearingStatus 0, 1, 2; §5 the
 * retry rule). A run writes one bank transfer batch (docs/PAYOUTS.md), the weekly job runs once
 * a week on one node (a lease), the bank's result file marks each clearing paid or failed, and a
 * failed one keeps its income for its retry. On SQLite, and on PostgreSQL under scripts/engines.mjs.
 *
 * The seed: wm_teacher signed the payout agreement; the card is marked erroneous; CLSEED02
 * (990 fen, fee 9) waits; 5180 fen are usable.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../../types/api'
import type { BankCard, ClearingRecord, IncomeSummary } from '../../../types/money'
import { MATURITY_MS, moneyCalls } from '../../../types/money'
import { JobLease } from '../../../server/core/lease'
import { BATCH_HEADER, BankFileError, CARD_INFO_REASON, parseCsv, resultCsv } from '../../../server/money/bankFiles'
import type { ResultFields } from '../../../server/money/bankFiles'
import { recordPaid } from '../../../server/money/ledger'
import { PAYOUT_LEASE, applyBankResult, payoutWeek, runPayout } from '../../../server/money/payout'
import type { PayoutRun } from '../../../server/money/payout'
import { PayoutRepository } from '../../../server/money/payoutData'
import { startPayoutSchedule } from '../../../server/money/payoutSchedule'
import { openAppDatabase } from '../../../server/database'
import { sharedTestDatabase } from '../engines'
import { ENGLISH_LOCALE } from '../operatorLocale'
import { LOGIN, TEACHER, post, testApp } from '../helpers'
import { operatorText } from '../../../server/core/operatorTexts'
import type { Fields } from '../helpers'

const exec = promisify(execFile)

let app: FastifyInstance
let dir: string
let payouts: PayoutRepository
beforeEach(async () => {
  app = await testApp()
  dir = await mkdtemp(join(tmpdir(), 'payout-'))
  payouts = new PayoutRepository(app.db)
})
afterEach(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

const CARD: BankCard = { realName: '林晓, 老师', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
const PAGE = { page: 1, pageSize: 20 }
const call = <T>(path: string, fields: Fields) => post<T>(app, path, fields, TEACHER)
const summary = async (): Promise<IncomeSummary> => (await call<ObjectData<IncomeSummary>>(moneyCalls.summary.path, {})).body.data.object
const records = async (): Promise<Map<string, ClearingRecord>> =>
  new Map((await call<ArrayData<ClearingRecord>>(moneyCalls.clearings.path, PAGE)).body.data.array.map((r) => [r.clearingNO, r]))
const later = () => new Promise((resolve) => setTimeout(resolve, 5))

let sales = 0
/** wm_teacher's card saved (clearing the erroneous mark), and a new withdrawal of a sale of `fee` fen paid 8 days ago. */
async function withdrawal(): Promise<ClearingRecord> {
  sales += 1
  const orderNO = `LVPAYOUT${sales}`
  const paidAt = Date.now() - MATURITY_MS - 1000
  await app.db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO live_orders (order_no, wmid, live_id, total_fee, status, inviter_wmid, created_at, paid_at)
       SELECT ?, 'wm_buyer', id, live_fee, 1, NULL, ?, ? FROM lives WHERE course_data = 'live-grammar'`,
      [orderNO, paidAt, paidAt],
    )
    await recordPaid(tx, 2, orderNO)
  })
  const res = await call<ObjectData<ClearingRecord>>(moneyCalls.apply.path, { loginData: LOGIN.teacher })
  expect(res.body.code).toBe(200)
  return res.body.data.object
}

async function saveCard(): Promise<void> {
  await later()
  expect((await call(moneyCalls.saveBankCard.path, { ...CARD })).body.code).toBe(200)
}

const batches = () => app.db.all<{ batchNO: string; rowCount: number; totalFen: number }>(
  'SELECT batch_no AS "batchNO", row_count AS "rowCount", total_fen AS "totalFen" FROM payout_batches ORDER BY created_at',
)

function ran(run: PayoutRun | 'busy' | 'alreadyRan' | 'notDue'): PayoutRun {
  if (typeof run === 'string') throw new Error(`expected a run, got ${run}`)
  return run
}

describe('a payout run', () => {
  it('writes one bank transfer batch of every waiting clearing, in integer fen, and the file says so', async () => {
    await saveCard()
    const first = await withdrawal()
    const run = ran(await runPayout(app.db, dir, Date.now(), 'node-a'))
    expect(run.outcome).toMatchObject({ sent: 2, totalFen: 981 + first.money, failedOnCard: 0, awaitingSignature: 0 })
    expect(run.files).toEqual([join(dir, `payout-${run.outcome.batchNO}.csv`)])
    const text = await readFile(run.files[0], 'utf8')
    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual([...BATCH_HEADER])
    expect(rows).toEqual([
      [run.outcome.batchNO, '1', 'CLSEED02', CARD.realName, CARD.bankName, CARD.bankNo, '981', '9.81', '课程收入提现'],
      [run.outcome.batchNO, '2', first.clearingNO, CARD.realName, CARD.bankName, CARD.bankNo, String(first.money), (first.money / 100).toFixed(2), '课程收入提现'],
    ])
    // sent, not paid: the records still wait, the money is still the seller's
    const after = await records()
    expect(after.get('CLSEED02')).toMatchObject({ clearingStatus: 0 })
    expect(after.get(first.clearingNO)).toMatchObject({ clearingStatus: 0 })
    // a run after it finds nothing to send
    expect(ran(await runPayout(app.db, dir, Date.now(), 'node-a')).outcome).toMatchObject({ batchNO: null, sent: 0 })
    expect(await batches()).toHaveLength(1)
  })

  it('fails a clearing on the card at once when the card is erroneous or gone, with no bank row', async () => {
    const run = ran(await runPayout(app.db, dir, Date.now(), 'node-a'))
    expect(run.outcome).toMatchObject({ batchNO: null, sent: 0, failedOnCard: 1 })
    expect((await records()).get('CLSEED02')).toMatchObject({ clearingStatus: 2, failType: 1, retryable: 0 })
    expect(await batches()).toHaveLength(0)
  })

  it('run by two nodes at once, or 50 times at once, sends each clearing in one batch only', async () => {
    await saveCard()
    await withdrawal()
    const runs = await Promise.all(['node-a', 'node-b'].map((holder) => runPayout(app.db, dir, Date.now(), holder)))
    expect(runs.filter((r) => typeof r !== 'string' && r.outcome.sent > 0)).toHaveLength(1)
    await withdrawal()
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => payouts.createBatch(`PBTEST${i}`, Date.now())))
    expect(outcomes.filter((o) => o && o.sent > 0)).toHaveLength(1)
    const sent = await app.db.all<{ n: number }>('SELECT count(*) AS n FROM clearings WHERE batch_no IS NOT NULL GROUP BY clearing_no')
    expect(sent.every((row) => row.n === 1)).toBe(true)
    expect((await batches()).map((b) => b.rowCount)).toEqual([2, 1])
  })

  it('leaves the clearings of a seller who has not signed the agreement waiting until they sign', async () => {
    await app.db.run(`DELETE FROM payout_signatures WHERE wmid = 'wm_teacher'`)
    await saveCard()
    expect(ran(await runPayout(app.db, dir, Date.now(), 'node-a')).outcome).toMatchObject({ batchNO: null, awaitingSignature: 1 })
    expect((await records()).get('CLSEED02')).toMatchObject({ clearingStatus: 0 })
    await payouts.sign('wm_teacher', CARD.phone, Date.now())
    expect(ran(await runPayout(app.db, dir, Date.now(), 'node-a')).outcome).toMatchObject({ sent: 1, awaitingSignature: 0 })
  })
})

describe('the weekly job', () => {
  // Monday 23 November 2026, China time (UTC+8)
  const MONDAY_0959 = Date.UTC(2026, 10, 23, 1, 59)
  const MONDAY_1000 = Date.UTC(2026, 10, 23, 2, 0)

  it('is due from Monday 10:00 China time until the week has run', () => {
    expect(payoutWeek(MONDAY_0959)).toBeNull()
    expect(payoutWeek(MONDAY_1000)).toBe('2026-11-23')
    expect(payoutWeek(MONDAY_1000 + 6 * 24 * 3600_000)).toBe('2026-11-23')
    expect(payoutWeek(MONDAY_1000 + 7 * 24 * 3600_000)).toBe('2026-11-30')
    // Sunday 23:59 China time is still the week before
    expect(payoutWeek(Date.UTC(2026, 10, 22, 15, 59))).toBe('2026-11-16')
  })

  it('runs once a week on one node: two nodes looking at once make one batch, later looks make none', async () => {
    await saveCard()
    let now = MONDAY_0959
    const logs: string[] = []
    const nodes = ['node-a', 'node-b'].map((holder) => startPayoutSchedule({ db: app.db, dir, holder, clock: () => now, log: (said) => logs.push(operatorText(said.key, 'en', said.params)), everyMs: 3600_000 }))
    try {
      expect(await nodes[0].tick()).toBe('notDue')
      now = MONDAY_1000
      const looks = await Promise.all(nodes.map((node) => node.tick()))
      expect(looks.filter((look) => typeof look !== 'string')).toHaveLength(1)
      expect([await nodes[0].tick(), await nodes[1].tick()]).toEqual(['alreadyRan', 'alreadyRan'])
      expect(await batches()).toHaveLength(1)
      expect(await readdir(dir)).toEqual([`payout-${(await batches())[0].batchNO}.csv`])
      expect(logs.join('\n')).toContain('payout 2026-11-23: 1 transfers (981 fen)')
      now = MONDAY_1000 + 7 * 24 * 3600_000
      await withdrawal()
      expect(ran(await nodes[1].tick()).outcome).toMatchObject({ sent: 1 })
    } finally {
      await Promise.all(nodes.map((node) => node.stop()))
    }
  })

  it('passes while another node holds the lease, and takes it once that lease has expired', async () => {
    const now = Date.now()
    const other = new JobLease(app.db, PAYOUT_LEASE, 'node-b')
    expect(await other.take(now, 60_000)).toBe(true)
    expect(await runPayout(app.db, dir, now, 'node-a')).toBe('busy')
    expect(await new JobLease(app.db, PAYOUT_LEASE, 'node-a').take(now + 60_000, 60_000)).toBe(true)
    expect(await other.take(now + 60_001, 60_000)).toBe(false)
  })
})

describe("the bank's result file", () => {
  /** Three withdrawals of the teacher sent in one batch (CLSEED02 among them). */
  async function sentBatch(): Promise<{ batchNO: string; rows: Array<{ clearingNO: string; amountFen: number }> }> {
    await saveCard()
    await withdrawal()
    await withdrawal()
    const { batchNO } = ran(await runPayout(app.db, dir, Date.now(), 'node-a')).outcome
    if (!batchNO) throw new Error('no batch')
    return { batchNO, rows: await payouts.pending(batchNO) }
  }

  it('marks each clearing paid (1) or failed (2) once, however often it is applied, and a failure keeps its money', async () => {
    const { batchNO, rows } = await sentBatch()
    const before = await summary()
    const [paid, onCard, other] = rows
    const file = resultCsv([
      { batchNO, clearingNO: paid.clearingNO, amountFen: paid.amountFen, status: 1 },
      { batchNO, clearingNO: onCard.clearingNO, amountFen: onCard.amountFen, status: 2, reasonCode: CARD_INFO_REASON, reason: '户名与卡号不符' },
      { batchNO, clearingNO: other.clearingNO, amountFen: other.amountFen, status: 2, reasonCode: 'BANK_BUSY', reason: '系统繁忙' },
    ])
    const reports = await Promise.all(Array.from({ length: 50 }, () => applyBankResult(payouts, file, Date.now())))
    const total = (effect: 'paid' | 'failed' | 'already') => reports.reduce((sum, r) => sum + r.counts[effect], 0)
    expect([total('paid'), total('failed'), total('already')]).toEqual([1, 2, 147])
    expect((await applyBankResult(payouts, file, Date.now())).counts).toMatchObject({ paid: 0, failed: 0, already: 3 })
    const after = await records()
    expect(after.get(paid.clearingNO)).toMatchObject({ clearingStatus: 1 })
    expect(after.get(onCard.clearingNO)).toMatchObject({ clearingStatus: 2, failType: 1, failReason: '户名与卡号不符', retryable: 0 })
    expect(after.get(other.clearingNO)).toMatchObject({ clearingStatus: 2, failType: 0, failReason: '系统繁忙', retryable: 0 })
    // a failure on the card marks it: the seller is asked to modify it, and nothing is withdrawn meanwhile
    expect(await summary()).toMatchObject({ totalMoney: before.totalMoney, isErrorBankInfo: 1 })
    await saveCard()
    expect((await records()).get(other.clearingNO)).toMatchObject({ retryable: 1 })
  })

  it('a failed clearing retried goes out in the next batch, and the old file can no longer settle it', async () => {
    const { batchNO, rows } = await sentBatch()
    const [failed] = rows
    const file = resultCsv([{ batchNO, clearingNO: failed.clearingNO, amountFen: failed.amountFen, status: 2, reasonCode: 'BANK_BUSY', reason: '系统繁忙' }])
    expect((await applyBankResult(payouts, file, Date.now())).counts.failed).toBe(1)
    const retried = await Promise.all(Array.from({ length: 50 }, () => call<ObjectData<ClearingRecord>>(moneyCalls.applyAgain.path, { clearingNO: failed.clearingNO })))
    expect(retried.filter((r) => r.body.code === 200)).toHaveLength(1)
    expect((await records()).get(failed.clearingNO)).toMatchObject({ clearingStatus: 0, money: failed.amountFen })
    // the old file again: no effect on the retried clearing
    expect((await applyBankResult(payouts, file, Date.now())).counts).toMatchObject({ failed: 0, already: 1 })
    expect((await records()).get(failed.clearingNO)).toMatchObject({ clearingStatus: 0 })
    const next = ran(await runPayout(app.db, dir, Date.now(), 'node-a')).outcome
    expect(next).toMatchObject({ sent: 1, totalFen: failed.amountFen })
    const paid = resultCsv([{ batchNO: next.batchNO ?? '', clearingNO: failed.clearingNO, amountFen: failed.amountFen, status: 1 }])
    expect((await applyBankResult(payouts, paid, Date.now())).counts.paid).toBe(1)
    expect((await records()).get(failed.clearingNO)).toMatchObject({ clearingStatus: 1 })
  })

  it('refuses a file it cannot read whole, and rows naming another batch, another amount or no clearing', async () => {
    const { batchNO, rows } = await sentBatch()
    const [a, b] = rows
    const bad = [
      'batch_no,clearing_no,amount_fen,status\r\n',
      `batch_no,clearing_no,amount_fen,status,reason_code,reason\r\n${batchNO},${a.clearingNO},${a.amountFen},1,,\r\n${batchNO},${b.clearingNO},12.5,1,,\r\n`,
      `batch_no,clearing_no,amount_fen,status,reason_code,reason\r\n${batchNO},${a.clearingNO},${a.amountFen},3,,\r\n`,
      `batch_no,clearing_no,amount_fen,status,reason_code,reason\r\n${batchNO},${a.clearingNO},${a.amountFen},2,,\r\n`,
      `batch_no,clearing_no,amount_fen,status,reason_code,reason\r\n${batchNO},${a.clearingNO},${a.amountFen},1,,\r\n${batchNO},${a.clearingNO},${a.amountFen},1,,\r\n`,
      `batch_no,clearing_no,amount_fen,status,reason_code,reason\r\n"${batchNO},${a.clearingNO},${a.amountFen},1,,\r\n`,
    ]
    for (const text of bad) await expect(applyBankResult(payouts, text, Date.now())).rejects.toBeInstanceOf(BankFileError)
    const tricks: ResultFields[] = [
      { batchNO: 'PBOTHER', clearingNO: a.clearingNO, amountFen: a.amountFen, status: 1 },
      { batchNO, clearingNO: b.clearingNO, amountFen: b.amountFen + 1, status: 1 },
      { batchNO, clearingNO: 'CLNOBODY', amountFen: 100, status: 1 },
      { batchNO, clearingNO: 'CLSEED01', amountFen: 1971, status: 1 },
    ]
    expect((await applyBankResult(payouts, resultCsv(tricks), Date.now())).rows.map((r) => r.effect)).toEqual(['unknown', 'amountMismatch', 'unknown', 'unknown'])
    const after = await records()
    expect([after.get(a.clearingNO)?.clearingStatus, after.get(b.clearingNO)?.clearingStatus]).toEqual([0, 0])
  })
})

describe('npm run payout', () => {
  it('runs now, then applies the result file once however often it is given, against the server database', async () => {
    // the command opens the database itself: a SQLite file or a PostgreSQL database of its own
    const database = await sharedTestDatabase(join(dir, 'cli.sqlite'))
    const db = await openAppDatabase(database, { seedDemo: true })
    await db.run(`UPDATE bank_cards SET is_error = 0 WHERE wmid = 'wm_teacher'`)
    await db.close()
    const env = { ...process.env, ...ENGLISH_LOCALE, DATABASE_URL: database.startsWith('postgres') ? database : '', DB_PATH: database, PAYOUT_DIR: dir }
    const payout = (...args: string[]) => exec('npx', ['tsx', 'server/money/payoutCommand.ts', ...args], { env })
    const run = await payout()
    expect(run.stdout).toMatch(/^payout: 1 transfers \(981 fen\) in (PB\w+), 0 failed on the card, 0 waiting/)
    const batchNO = /in (PB\w+)/.exec(run.stdout)?.[1] ?? ''
    const file = join(dir, `payout-${batchNO}.csv`)
    expect(parseCsv(await readFile(file, 'utf8'))[1]).toEqual([batchNO, '1', 'CLSEED02', '林晓', '招商银行', '6214830000008888', '981', '9.81', '课程收入提现'])
    const result = join(dir, 'result.csv')
    await writeFile(result, resultCsv([{ batchNO, clearingNO: 'CLSEED02', amountFen: 981, status: 1 }]))
    expect((await payout('result', result)).stdout).toContain('result: 1 paid, 0 failed, 0 applied before')
    expect((await payout('result', result)).stdout).toContain('result: 0 paid, 0 failed, 1 applied before')
  }, 30_000)
})
