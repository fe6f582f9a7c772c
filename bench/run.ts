/**
 * `npm run bench`: prints the project's figures. Needs the builds (`npm run build`) and Debian
 * chromium. Benchmarks measure; they never pass or fail on a figure.
 */
import fs from 'fs'
import path from 'path'
import { printFigures } from './figures'
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
  process.exit(failed ? 1 : 0)
}

void main()
