import { mkdir, rename, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import type { PayoutResult } from '../../types/money'
import { JobLease } from '../core/lease'
import type { Db } from '../core/sql'
import { randomToken } from '../core/wechat'
import type { ResultFields } from './bankFiles'
import { CARD_INFO_REASON, parseResultCsv, resultCsv } from './bankFiles'
import type { BatchOutcome, RowEffect } from './payoutData'
import { PayoutRepository } from './payoutData'
import { BANK_FAILED_REASON, BANK_REJECTED_REASON } from './rules'

/**
 * The payout (spec 001 §9: payouts every Monday in bulk; the first one needs the seller's
 * e-signature), in three steps, each with one effect however often it runs (docs/PAYOUTS.md):
 * 1. a run puts every waiting clearing into one bank transfer batch (payoutData.ts `createBatch`)
 *    and writes its file to the payout directory, which an operator sends to the bank;
 * 2. the bank answers with a result file, which marks each clearing paid (1) or failed (2, with
 *    the reason the retry rule reads) (`applyBankResult`);
 * 3. a failed clearing keeps its income until the seller retries it (data.ts `retry`), which
 *    puts it back for the next run.
 * The weekly run is payoutSchedule.ts; `npm run payout` runs a step now (payoutCommand.ts).
 */

/** Where batch files go without PAYOUT_DIR. */
export const DEFAULT_PAYOUT_DIR = resolve(__dirname, '..', 'data', 'payouts')

/** The lease one node holds while it runs the payout (core/lease.ts). */
export const PAYOUT_LEASE = 'payout'
/** Longer than any run takes; a node that dies holding it frees it after this. */
export const PAYOUT_LEASE_MS = 15 * 60_000

const CHINA_OFFSET_MS = 8 * 3600_000
/** The weekly run is due from Monday 10:00 China time (UTC+8, no summer time). */
export const PAYOUT_HOUR = 10

/** This process, as a lease holder. */
export const processHolder = (): string => `${hostname()}:${process.pid}`

/** A new batch number: PB, the China date and time to the minute, and a random tail. */
export function batchNumber(now: number): string {
  const stamp = new Date(now + CHINA_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 12)
  return `PB${stamp}${randomToken(3).toUpperCase()}`
}

/**
 * The week whose run is due at `now` (its Monday's date, China time), or null before Monday
 * 10:00: from then until the next Monday the week's run is due until it has run once.
 */
export function payoutWeek(now: number): string | null {
  const china = new Date(now + CHINA_OFFSET_MS)
  const sinceMonday = (china.getUTCDay() + 6) % 7
  const monday = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() - sinceMonday)
  if (now + CHINA_OFFSET_MS < monday + PAYOUT_HOUR * 3600_000) return null
  return new Date(monday).toISOString().slice(0, 10)
}

/** Where the batch file of `batchNO` goes. */
export const batchFilePath = (dir: string, batchNO: string): string => join(dir, `payout-${batchNO}.csv`)

/**
 * Writes every batch whose file is not written yet (the one just made, or one a stopped node
 * left): to a temporary name first, then renamed, so the operator never picks up half a file.
 * Writing the same batch again writes the same bytes. Answers the files written.
 */
export async function writeBatchFiles(payouts: PayoutRepository, dir: string, now: number): Promise<string[]> {
  const written: string[] = []
  for (const batch of await payouts.unwritten()) written.push(await writeBatchFile(payouts, dir, batch, now))
  return written
}

export async function writeBatchFile(payouts: PayoutRepository, dir: string, batch: { batchNO: string; csv: string }, now: number): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = batchFilePath(dir, batch.batchNO)
  const part = `${path}.${process.pid}.part`
  await writeFile(part, batch.csv, { encoding: 'utf8', mode: 0o600 })
  await rename(part, path)
  await payouts.markWritten(batch.batchNO, now)
  return path
}

export interface PayoutRun {
  outcome: BatchOutcome
  files: string[]
}

/**
 * One payout run now, under the lease (another node running it answers 'busy'): the batch of
 * every waiting clearing, and its file. With `week`, the week's run, which runs once.
 */
export async function runPayout(db: Db, dir: string, now: number, holder: string, week?: string): Promise<PayoutRun | 'busy' | 'alreadyRan'> {
  const payouts = new PayoutRepository(db)
  const run = await new JobLease(db, PAYOUT_LEASE, holder).run(now, PAYOUT_LEASE_MS, async (): Promise<PayoutRun | 'alreadyRan'> => {
    const outcome = await payouts.createBatch(batchNumber(now), now, week)
    // a batch a stopped node left unwritten is written too
    const files = await writeBatchFiles(payouts, dir, now)
    return outcome ? { outcome, files } : 'alreadyRan'
  })
  return run
}

/** What a result file did, row by row. */
export interface ResultReport {
  counts: Record<RowEffect, number>
  rows: Array<{ line: number; clearingNO: string; effect: RowEffect }>
}

/** Applies the bank's result file (every row or, if it cannot be read, none: BankFileError). */
export async function applyBankResult(payouts: PayoutRepository, text: string, now: number): Promise<ResultReport> {
  const rows = parseResultCsv(text)
  const report: ResultReport = { counts: { paid: 0, failed: 0, already: 0, unknown: 0, amountMismatch: 0 }, rows: [] }
  for (const row of rows) {
    const effect = await payouts.applyResult(row, now)
    report.counts[effect] += 1
    report.rows.push({ line: row.line, clearingNO: row.clearingNO, effect })
  }
  return report
}

/** What the demo's simulated bank does, by seller (the development call). */
export interface BankBehaviour {
  /** this seller's transfer is turned down on the card's details (CARD_INFO) */
  rejectCardOf?: string
  /** this seller's transfer fails for another reason, which the seller may retry at once */
  failOf?: string
}

/** The result file a bank would send for the rows of `batchNO` still waiting. */
export async function simulatedBankResult(payouts: PayoutRepository, batchNO: string, bank: BankBehaviour): Promise<string> {
  const rows = (await payouts.pending(batchNO)).map((row): ResultFields => {
    const base = { batchNO, clearingNO: row.clearingNO, amountFen: row.amountFen }
    if (row.wmid === bank.rejectCardOf) return { ...base, status: 2, reasonCode: CARD_INFO_REASON, reason: BANK_REJECTED_REASON }
    if (row.wmid === bank.failOf) return { ...base, status: 2, reasonCode: 'BANK_ERROR', reason: BANK_FAILED_REASON }
    return { ...base, status: 1 }
  })
  return resultCsv(rows)
}

/**
 * Demo mode's whole payout at once (the development call): a batch, no file, and the simulated
 * bank's result applied. Answers how many clearings were paid and failed.
 */
export async function demoPayout(db: Db, now: number, bank: BankBehaviour): Promise<PayoutResult> {
  const payouts = new PayoutRepository(db)
  const outcome = await payouts.createBatch(batchNumber(now), now)
  const result: PayoutResult = { paid: 0, failed: outcome?.failedOnCard ?? 0 }
  if (!outcome?.batchNO) return result
  const report = await applyBankResult(payouts, await simulatedBankResult(payouts, outcome.batchNO, bank), now)
  return { paid: report.counts.paid, failed: result.failed + report.counts.failed }
}
