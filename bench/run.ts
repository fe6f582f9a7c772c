/**
 * `npm run bench`: prints the project's figures. Needs the builds (`npm run build`) and Debian
 * chromium. Benchmarks measure and print each figure beside its target; the run fails (exit 1)
 * only when a bench cannot measure or a size is over its budget (`withBudget` in figures.ts).
 */
import fs from 'fs'
import path from 'path'
import { budgetsExceeded, printFigures } from './figures'
import { measureServer } from './server'
import { measureSizes } from './sizes'

type Bench = { name: string; run: () => Promise<Record<string, string>> }

const benches: Bench[] = [
  { name: 'sizes', run: measureSizes },
  { name: 'server', run: () => measureServer() },
]

async function main() {
  // Other figures live in their own modules beside this one (bench/*.bench.ts), each exporting `measure`.
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort()) {
    const mod = (await import(path.join(__dirname, file))) as { measure: () => Promise<Record<string, string>> }
    benches.push({ name: file.replace('.bench.ts', ''), run: mod.measure })
  }
  let failed = false
  for (const bench of benches) {
    try {
      printFigures(await bench.run())
    } catch (err) {
      failed = true
      console.error(`${bench.name}: could not measure: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  for (const breach of budgetsExceeded()) console.error(`over budget: ${breach}`)
  process.exit(failed || budgetsExceeded().length > 0 ? 1 : 0)
}

void main()
