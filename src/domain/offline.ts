/**
 * Lessons offline (issue 35 item 5): the rules of the space downloaded lessons may take on the
 * device. Pure TypeScript; the offline store (src/features/offline) asks these before and while
 * it downloads, so no download ever takes the app past its budget.
 */

/** The mini-program's own file storage the app allows itself for downloaded lessons. */
export const OFFLINE_BUDGET_BYTES = 200 * 1024 * 1024
/** What a file of unknown size is taken to weigh in an estimate (a long voice or a large picture). */
export const UNKNOWN_FILE_BYTES = 1024 * 1024

/** A byte count as the rules read it: a whole, non-negative, safe number; anything else is unknown. */
export function byteCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** A lesson's size before downloading it: the known sizes, and UNKNOWN_FILE_BYTES for each unknown one. */
export function estimateBytes(sizes: readonly unknown[]): { bytes: number; unknownFiles: number } {
  let bytes = 0
  let unknownFiles = 0
  for (const size of sizes) {
    const known = byteCount(size)
    // 0 is what a server says when it does not know: a file of nothing is not worth keeping either
    if (known === undefined || known === 0) {
      unknownFiles++
      bytes += UNKNOWN_FILE_BYTES
    } else bytes += known
  }
  return { bytes, unknownFiles }
}

export type BudgetCheck = { fits: true; after: number } | { fits: false; after: number; over: number }

/**
 * Whether `adding` bytes fit beside the `used` ones in `budget`. The lesson being replaced (a
 * download of one already kept) frees its `replacing` bytes first. Unknown or impossible counts
 * never fit: a download the app cannot size is refused rather than risked.
 */
export function checkBudget(used: unknown, adding: unknown, replacing: unknown = 0, budget: number = OFFLINE_BUDGET_BYTES): BudgetCheck {
  const u = byteCount(used)
  const a = byteCount(adding)
  const r = byteCount(replacing) ?? 0
  if (u === undefined || a === undefined) return { fits: false, after: Infinity, over: Infinity }
  const after = Math.max(0, u - Math.min(r, u)) + a
  return after <= budget ? { fits: true, after } : { fits: false, after, over: after - budget }
}
