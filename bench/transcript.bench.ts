/**
 * The transcript's cost to the first load (issue 35 item 1): it belongs in a lazy part, the misc
 * subpackage's /transcript page in the mini-program and that page's chunk on H5, so the main
 * package and the H5 entry carry none of it. Read from the builds:
 * - weapp: dist/weapp.modules.json (config/moduleMap.ts) says which source modules each emitted file
 *   holds; a main-package file holding a transcript module counts whole (an upper bound);
 * - H5: the scripts Chromium fetches for a lesson until its first message shows (as bench/sizes.ts
 *   measures them), and the chunks holding the transcript's code.
 * The panel's link to the page and the word-time reader of the message parser are the player's, in
 * the main package by design, and not counted. `npx tsx bench/transcript.bench.ts`
 */
import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import { APP_ROWS, startE2E } from '../test/e2e/harness'
import { runWhenMain, withBudget, withDeadline, type Figures } from './figures'

const ROOT = path.resolve(__dirname, '..')
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`

/** The transcript's own source modules: its feature, its sentence rules and its strings. */
function isTranscriptModule(source: string): boolean {
  return (
    source.startsWith('src/features/transcript/') ||
    source === 'src/domain/listening/sentences.ts' ||
    /^src\/locales\/(zh-CN|en|packages)\/transcript\.ts$/.test(source)
  )
}

/** A string only the transcript screen's compiled code holds (a class name it renders). */
const H5_MARKER = 'transcript-sentence__time'

function measureWeapp(figures: Figures): void {
  const modules = path.join(ROOT, 'dist/weapp.modules.json')
  if (!fs.existsSync(modules)) throw new Error('dist/weapp.modules.json is missing: run `npm run build:weapp` first')
  const map = JSON.parse(fs.readFileSync(modules, 'utf8')) as Record<string, string[]>
  const holding = Object.keys(map).filter((file) => map[file].some(isTranscriptModule))
  const size = (file: string): number => fs.statSync(path.join(ROOT, 'dist/weapp', file)).size
  const main = holding.filter((file) => !file.startsWith('packages/'))
  const lazy = holding.filter((file) => file.startsWith('packages/'))
  if (lazy.length === 0) throw new Error('no emitted file holds the transcript: is the build current?')
  const mainBytes = main.reduce((sum, file) => sum + size(file), 0)
  figures['transcript weapp main-package cost'] =
    `${withBudget('transcript weapp main-package cost', mainBytes, 0, kb)}${main.length ? ` in ${main.join(', ')}` : ''}`
  figures['transcript weapp lazy part'] = `${kb(lazy.reduce((sum, file) => sum + size(file), 0))} in ${lazy.length} files of packages/misc (their whole files)`
}

/** The scripts a lesson fetches before its first message shows, as paths under dist/h5. */
async function lessonScripts(): Promise<string[]> {
  const e2e = await startE2E()
  try {
    const page = await e2e.newPage()
    const scripts = new Set<string>()
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname.replace(/^\//, ''))
    })
    await page.goto('/lesson?courseData=demo-all-types')
    await page.locator(APP_ROWS).first().waitFor()
    return [...scripts]
  } finally {
    await e2e.close()
  }
}

async function measureH5(figures: Figures): Promise<void> {
  const dist = path.join(ROOT, 'dist/h5')
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/h5 is missing: run `npm run build:h5` first')
  const js = fs.readdirSync(path.join(dist, 'js')).map((name) => `js/${name}`).filter((name) => name.endsWith('.js'))
  const gzip = (file: string): number => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length
  const holds = (file: string): boolean => fs.existsSync(path.join(dist, file)) && fs.readFileSync(path.join(dist, file), 'utf8').includes(H5_MARKER)
  const chunks = js.filter(holds)
  if (chunks.length === 0) throw new Error('no H5 chunk holds the transcript: is the build current?')
  const first = await withDeadline(60_000, 'transcript H5', lessonScripts)
  const early = first.filter(holds)
  figures['transcript H5 cost before a lesson shows'] =
    `${withBudget('transcript H5 cost before a lesson shows', early.reduce((sum, file) => sum + gzip(file), 0), 0, kb)} gzip, of ${first.length} scripts fetched`
  figures['transcript H5 lazy chunk'] = `${kb(chunks.reduce((sum, file) => sum + gzip(file), 0))} gzip (${chunks.join(', ')})`
}

export async function measure(): Promise<Figures> {
  const figures: Figures = {}
  measureWeapp(figures)
  await measureH5(figures)
  return figures
}

runWhenMain(__filename, measure)
