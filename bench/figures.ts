/** Small helpers shared by the browser benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Runs `work`, failing with a clear message if it takes longer than `ms`: a benchmark never hangs. */
export async function withDeadline<T>(ms: number, name: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: gave up after ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([work(), deadline])
  } finally {
    clearTimeout(timer)
  }
}

export type Figures = Record<string, string>

/** One aligned line per figure. */
export function printFigures(figures: Figures): void {
  for (const [label, value] of Object.entries(figures)) console.log(`${label.padEnd(36)} ${value}`)
}

/** Lets a bench module run on its own (`npx tsx bench/<name>.bench.ts`) as well as from bench/run.ts. */
export function runWhenMain(filename: string, measure: () => Promise<Figures>): void {
  if (process.argv[1] !== filename) return
  measure().then(printFigures, (err: unknown) => {
    console.error(err)
    process.exitCode = 1
  })
}

const exceeded: string[] = []

/**
 * A figure with a budget: its text says the budget, and a figure over it is remembered so that
 * `npm run bench` exits non-zero after printing everything (bench/run.ts). Only budgets fail a
 * run; other figures are printed beside their targets.
 */
export function withBudget(label: string, actual: number, budget: number, format: (value: number) => string): string {
  const over = actual > budget
  if (over) exceeded.push(`${label}: ${format(actual)}, budget ${format(budget)}`)
  return `${format(actual)} (budget ${format(budget)}${over ? ': OVER BUDGET' : ''})`
}

/** The budgets this run has exceeded so far. */
export function budgetsExceeded(): readonly string[] {
  return exceeded
}
