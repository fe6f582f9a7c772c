/**
 * Lighthouse accessibility scores (issue 18's target: 95 or more) and mobile performance scores
 * (the last round's figures were 96-98, kept as the target: 96 or more) of the launcher, a lesson
 * and the pay page, with Lighthouse's mobile defaults in Debian chromium against the built H5
 * (dist/h5) served by the reference server on a fresh in-memory database. Runs Lighthouse's own
 * CLI (node_modules/.bin/lighthouse) once per page. `npx tsx bench/lighthouse.bench.ts`
 */
import { execFile } from 'child_process'
import fs from 'fs'
import os from 'os'
import path from 'path'
import { promisify } from 'util'
import { buildApp } from '../server/app'
import { runWhenMain, withDeadline } from './figures'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const LIGHTHOUSE = path.join(ROOT, 'node_modules', '.bin', 'lighthouse')

const PAGES: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'launcher', path: '/' },
  { name: 'lesson (demo-all-types)', path: '/lesson?courseData=demo-all-types' },
  { name: 'pay page (demo-paid)', path: '/lessonPay/share/demo-paid/1' },
]

/** The lowest mobile performance score of the round before issue 36 (96-98): every page keeps it. */
const PERFORMANCE_TARGET = 96

interface Report {
  categories: { accessibility: { score: number | null }; performance: { score: number | null } }
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>
}

/**
 * The accessibility score (0-100) of `url`, how many of its audits applied, and the titles of those
 * it failed; and the mobile performance score (Lighthouse's simulated slow 4G and 4x CPU throttle).
 */
async function audit(url: string, dir: string): Promise<{ score: number; applied: number; failed: string[]; performance: number }> {
  const out = path.join(dir, 'report.json')
  await run(
    LIGHTHOUSE,
    [url, '--only-categories=accessibility,performance', '--output=json', `--output-path=${out}`, '--quiet', '--chrome-flags=--headless --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 120_000 },
  )
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report
  const score = Math.round((report.categories.accessibility.score ?? 0) * 100)
  const binary = Object.values(report.audits).filter((a) => a.scoreDisplayMode === 'binary')
  const failed = binary.filter((a) => a.score === 0).map((a) => a.title)
  const performance = Math.round((report.categories.performance.score ?? 0) * 100)
  return { score, applied: binary.length, failed, performance }
}

export async function measure(): Promise<Record<string, string>> {
  if (!fs.existsSync(path.join(ROOT, 'dist/h5/index.html'))) throw new Error('dist/h5 is missing: run `npm run build:h5` first')
  const server = await buildApp({ database: ':memory:', staticDir: path.join(ROOT, 'dist/h5') })
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'))
  try {
    if (!address || typeof address === 'string') throw new Error('server did not bind a port')
    return await withDeadline(300_000, 'lighthouse', async () => {
      const figures: Record<string, string> = {}
      for (const page of PAGES) {
        const { score, applied, failed, performance } = await audit(`http://127.0.0.1:${address.port}${page.path}`, dir)
        figures[`lighthouse accessibility, ${page.name}`] =
          `${score} (target 95; ${applied} audits applied)${failed.length ? `; failed: ${failed.join('; ')}` : ''}`
        figures[`lighthouse mobile performance, ${page.name}`] = `${performance} (target ${PERFORMANCE_TARGET})`
      }
      return figures
    })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
    await server.close()
  }
}

runWhenMain(__filename, measure)
