import type { Db } from '../core/sql'
import { operatorSaid, type OperatorSaid } from '../core/operatorTexts'
import type { PayoutRun } from './payout'
import { payoutWeek, processHolder, runPayout } from './payout'

/** How often a node looks whether the week's run is due. */
export const PAYOUT_CHECK_MS = 5 * 60_000

export interface PayoutScheduleOptions {
  db: Db
  /** where batch files go (PAYOUT_DIR) */
  dir: string
  /** what the node prints: a run's outcome, or why it failed */
  /** what a run did, for the operator (said in their language by the caller) */
  log: (said: OperatorSaid) => void
  holder?: string
  everyMs?: number
  clock?: () => number
}

export interface PayoutSchedule {
  /** one look now: runs the week's payout if it is due and has not run (tests call it directly) */
  tick(): Promise<PayoutRun | 'busy' | 'alreadyRan' | 'notDue'>
  /** stops looking, and waits for a run under way */
  stop(): Promise<void>
}

/**
 * The weekly payout as a scheduled job: every node of the deployment looks every few minutes;
 * from Monday 10:00 China time the week's run is due, and the first node to take the lease runs
 * it (payout.ts `runPayout`). The week is marked in the same transaction as its batch, so a week
 * runs once however many nodes look, and a node that was down on Monday runs it when it is back.
 */
export function startPayoutSchedule(options: PayoutScheduleOptions): PayoutSchedule {
  const clock = options.clock ?? Date.now
  const holder = options.holder ?? processHolder()
  let running: Promise<unknown> = Promise.resolve()
  const tick: PayoutSchedule['tick'] = async () => {
    const now = clock()
    const week = payoutWeek(now)
    if (!week) return 'notDue'
    const run = await runPayout(options.db, options.dir, now, holder, week)
    if (typeof run !== 'string') {
      const { outcome, files } = run
      const batch = outcome.batchNO === null ? operatorSaid('payoutNoBatch') : operatorSaid('payoutInBatch', { batchNO: outcome.batchNO })
      const { sent, totalFen, failedOnCard, awaitingSignature } = outcome
      const written = files.length ? operatorSaid('payoutScheduledFiles', { files: files.join(', ') }) : ''
      options.log(operatorSaid('payoutScheduled', { week, batch, sent, totalFen, failedOnCard, awaitingSignature, files: written }))
    }
    return run
  }
  const timer = setInterval(() => {
    running = tick().catch((error: unknown) => options.log(operatorSaid('payoutScheduledFailed', { detail: error instanceof Error ? error.message : String(error) })))
  }, options.everyMs ?? PAYOUT_CHECK_MS)
  timer.unref()
  return {
    tick,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
