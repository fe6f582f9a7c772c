import type { Db, Queryable } from '../core/sql'
import type { BatchRow, ResultRow } from './bankFiles'
import { CARD_INFO_REASON, batchCsv } from './bankFiles'
import { BANK_REJECTED_REASON } from './rules'

/** What one payout run did. */
export interface BatchOutcome {
  /** the batch written, or null when no clearing was ready to send */
  batchNO: string | null
  /** transfers in the batch, and their fen together */
  sent: number
  totalFen: number
  /** clearings failed before the bank: no card, or a card marked erroneous (failType 1) */
  failedOnCard: number
  /** clearings left waiting: their seller has not signed the payout agreement yet */
  awaitingSignature: number
}

/** What one row of the bank's result file did. */
export type RowEffect = 'paid' | 'failed' | 'already' | 'unknown' | 'amountMismatch'

export interface BatchFile {
  batchNO: string
  csv: string
  writtenAt: number | null
}

interface Candidate {
  clearingNO: string
  wmid: string
  amountFen: number
  payeeName: string | null
  bankName: string | null
  accountNo: string | null
  cardError: 0 | 1 | null
  signed: 0 | 1
}

const MARK_CARD = 'UPDATE bank_cards SET is_error = 1 WHERE wmid = ?'

/**
 * The payout's data (payout.ts runs it): batches, the bank's results, the weekly run's marks
 * and the sellers' e-signatures. Each method is one transaction, and each is written so that
 * running it again, or twice at once on two nodes, changes nothing more.
 */
export class PayoutRepository {
  constructor(private readonly db: Db) {}

  /**
   * Puts every waiting clearing not yet sent into one new batch, in one transaction: a clearing
   * without a card, or with a card marked erroneous, fails on the card's details at once; one whose
   * seller has not signed the payout agreement stays waiting. With `week`, only the first run of
   * that week does anything (the weekly job); the others answer null.
   */
  createBatch(batchNO: string, now: number, week?: string): Promise<BatchOutcome | null> {
    return this.db.transaction(async (tx): Promise<BatchOutcome | null> => {
      if (week !== undefined) {
        const first = await tx.run('INSERT INTO payout_weeks (week, batch_no, ran_at) VALUES (?, NULL, ?) ON CONFLICT (week) DO NOTHING', [week, now])
        if (first === 0) return null
      }
      const candidates = await tx.all<Candidate>(
        `SELECT c.clearing_no AS "clearingNO", c.wmid, c.order_money - c.tax_fee AS "amountFen",
                b.real_name AS "payeeName", b.bank_name AS "bankName", b.bank_no AS "accountNo", b.is_error AS "cardError",
                CASE WHEN s.wmid IS NULL THEN 0 ELSE 1 END AS signed
         FROM clearings c LEFT JOIN bank_cards b ON b.wmid = c.wmid LEFT JOIN payout_signatures s ON s.wmid = c.wmid
         WHERE c.status = 0 AND c.batch_no IS NULL ORDER BY c.applied_at, c.clearing_no`,
      )
      const outcome: BatchOutcome = { batchNO: null, sent: 0, totalFen: 0, failedOnCard: 0, awaitingSignature: 0 }
      const rows: BatchRow[] = []
      for (const c of candidates) {
        if (c.cardError !== 0 || c.payeeName === null || c.bankName === null || c.accountNo === null) {
          await settle(tx, c.clearingNO, null, { status: 2, failType: 1, reason: BANK_REJECTED_REASON }, now)
          if (c.cardError === 1) await tx.run(MARK_CARD, [c.wmid])
          outcome.failedOnCard += 1
        } else if (c.signed === 0) {
          outcome.awaitingSignature += 1
        } else {
          rows.push({ clearingNO: c.clearingNO, payeeName: c.payeeName, bankName: c.bankName, accountNo: c.accountNo, amountFen: c.amountFen })
        }
      }
      if (rows.length > 0) {
        const totalFen = rows.reduce((sum, row) => sum + row.amountFen, 0)
        await tx.run('INSERT INTO payout_batches (batch_no, created_at, row_count, total_fen, csv) VALUES (?, ?, ?, ?, ?)', [
          batchNO,
          now,
          rows.length,
          totalFen,
          batchCsv(batchNO, rows),
        ])
        for (const row of rows) {
          const sent = await tx.run('UPDATE clearings SET batch_no = ? WHERE clearing_no = ? AND status = 0 AND batch_no IS NULL', [batchNO, row.clearingNO])
          if (sent !== 1) throw new Error(`clearing ${row.clearingNO} changed while batch ${batchNO} was made`)
          await tx.run('INSERT INTO payout_batch_rows (batch_no, clearing_no, amount_fen) VALUES (?, ?, ?)', [batchNO, row.clearingNO, row.amountFen])
        }
        Object.assign(outcome, { batchNO, sent: rows.length, totalFen })
        if (week !== undefined) await tx.run('UPDATE payout_weeks SET batch_no = ? WHERE week = ?', [batchNO, week])
      }
      return outcome
    })
  }

  /**
   * Applies one row of the bank's result, in one transaction: the batch must have sent the
   * clearing it names, for that amount, and the clearing must still wait in it. Paid: status 1. Failed: status 2 with the bank's
   * reason; CARD_INFO is a failure on the card's details (failType 1: the card is marked
   * erroneous, and the retry rule asks for the card to be saved first), any other code one the
   * seller may retry at once. The clearing keeps its income either way (a failed one holds it for
   * its retry). A row applied before changes nothing ('already').
   */
  applyResult(row: ResultRow, now: number): Promise<RowEffect> {
    return this.db.transaction(async (tx): Promise<RowEffect> => {
      const sent = await tx.one<{ amountFen: number; wmid: string; status: number; batchNO: string | null }>(
        `SELECT r.amount_fen AS "amountFen", c.wmid, c.status, c.batch_no AS "batchNO"
         FROM payout_batch_rows r JOIN clearings c ON c.clearing_no = r.clearing_no WHERE r.batch_no = ? AND r.clearing_no = ?`,
        [row.batchNO, row.clearingNO],
      )
      // a clearing this batch never sent
      if (!sent) return 'unknown'
      if (sent.amountFen !== row.amountFen) return 'amountMismatch'
      // settled already, or retried since (out of this batch, for the next one): this row is history
      if (sent.status !== 0 || sent.batchNO !== row.batchNO) return 'already'
      const failType = row.status === 2 && row.reasonCode === CARD_INFO_REASON ? 1 : 0
      const outcome = row.status === 1 ? ({ status: 1 } as const) : ({ status: 2, failType, reason: row.reason } as const)
      if (!(await settle(tx, row.clearingNO, row.batchNO, outcome, now))) return 'already'
      if (outcome.status === 2 && outcome.failType === 1) await tx.run(MARK_CARD, [sent.wmid])
      return outcome.status === 1 ? 'paid' : 'failed'
    })
  }

  batch(batchNO: string): Promise<BatchFile | undefined> {
    return this.db.one<BatchFile>('SELECT batch_no AS "batchNO", csv, written_at AS "writtenAt" FROM payout_batches WHERE batch_no = ?', [batchNO])
  }

  /** Batches whose file was never written (a node stopped between the batch and its file). */
  unwritten(): Promise<BatchFile[]> {
    return this.db.all<BatchFile>('SELECT batch_no AS "batchNO", csv, written_at AS "writtenAt" FROM payout_batches WHERE written_at IS NULL ORDER BY created_at')
  }

  async markWritten(batchNO: string, now: number): Promise<void> {
    await this.db.run('UPDATE payout_batches SET written_at = ? WHERE batch_no = ?', [now, batchNO])
  }

  /** The rows of a batch still waiting for the bank's result (the demo's simulated bank answers them). */
  pending(batchNO: string): Promise<Array<{ clearingNO: string; wmid: string; amountFen: number }>> {
    return this.db.all(
      `SELECT clearing_no AS "clearingNO", wmid, order_money - tax_fee AS "amountFen" FROM clearings
       WHERE batch_no = ? AND status = 0 ORDER BY clearing_no`,
      [batchNO],
    )
  }

  async signedAt(wmid: string): Promise<number | null> {
    return (await this.db.one<{ signedAt: number }>('SELECT signed_at AS "signedAt" FROM payout_signatures WHERE wmid = ?', [wmid]))?.signedAt ?? null
  }

  /** Records the seller's signature once; a second one keeps the first's time. */
  async sign(wmid: string, phone: string, now: number): Promise<void> {
    await this.db.run('INSERT INTO payout_signatures (wmid, phone, signed_at) VALUES (?, ?, ?) ON CONFLICT (wmid) DO NOTHING', [wmid, phone, now])
  }

  /**
   * Signs when `useCode` (the SMS code's check, on this transaction) passes, in one transaction: a
   * seller who signed meanwhile is signed, so the same code sent twice at once signs once and both
   * answers say signed. False when the code was refused.
   */
  signWithCode(wmid: string, phone: string, useCode: (tx: Queryable) => Promise<boolean>, now: number): Promise<boolean> {
    return this.db.transaction(async (tx): Promise<boolean> => {
      if (await tx.one('SELECT 1 AS found FROM payout_signatures WHERE wmid = ?', [wmid])) return true
      if (!(await useCode(tx))) return false
      await tx.run('INSERT INTO payout_signatures (wmid, phone, signed_at) VALUES (?, ?, ?)', [wmid, phone, now])
      return true
    })
  }
}

type Outcome = { status: 1 } | { status: 2; failType: 0 | 1; reason: string }

/** Settles a waiting clearing (in `batchNO`, or in none); false when it was not waiting there. */
async function settle(tx: Queryable, clearingNO: string, batchNO: string | null, outcome: Outcome, now: number): Promise<boolean> {
  const [failType, reason] = outcome.status === 1 ? [0, ''] : [outcome.failType, outcome.reason]
  const inBatch = batchNO === null ? 'batch_no IS NULL' : 'batch_no = ?'
  const changed = await tx.run(
    `UPDATE clearings SET status = ?, fail_type = ?, fail_reason = ?, settled_at = ? WHERE clearing_no = ? AND status = 0 AND ${inBatch}`,
    [outcome.status, failType, reason, now, clearingNO, ...(batchNO === null ? [] : [batchNO])],
  )
  return changed === 1
}
