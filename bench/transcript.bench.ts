/**
 * The transcript's cost to the first load (issue 35 item 1): it belongs in a lazy part, the misc
 * subpackage's /transcript page in the mini-program and that page's chunk on H5, so the main
 * package and the H5 entry carry none of it. Read from the builds:
 * - weapp: dist/weapp.modules.json (config/moduleMap.ts) says which source modules each emitted file
 *   holds; a main-package file holding a transcript module counts whole (an upper bound);
 * - H5: the scripts dist/h5/index.html starts with, and the chunks holding the transcript's code.
 * The panel's link to the page and the word-time reader of the message parser are the player's, in
 * the main package by design, and not counted. `npx tsx bench/transcript.bench.ts`
 */
import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import { runWhenMain, withBudget, type Figures } from './figures'

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

function measureH5(figures: Figures): void {
  const dist = path.join(ROOT, 'dist/h5')
  const html = path.join(dist, 'index.html')
  if (!fs.existsSync(html)) throw new Error('dist/h5 is missing: run `npm run build:h5` first')
  const entry = [...fs.readFileSync(html, 'utf8').matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1].replace(/^\//, ''))
  const js = fs.readdirSync(path.join(dist, 'js')).map((name) => `js/${name}`).filter((name) => name.endsWith('.js'))
  const gzip = (file: string): number => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length
  const holds = (file: string): boolean => fs.readFileSync(path.join(dist, file), 'utf8').includes(H5_MARKER)
  const chunks = js.filter(holds)
  if (chunks.length === 0) throw new Error('no H5 chunk holds the transcript: is the build current?')
  const inEntry = entry.filter((file) => fs.existsSync(path.join(dist, file)) && holds(file))
  const entryBytes = inEntry.reduce((sum, file) => sum + gzip(file), 0)
  figures['transcript H5 entry cost'] = `${withBudget('transcript H5 entry cost', entryBytes, 0, kb)} gzip of ${entry.length} entry scripts`
  figures['transcript H5 lazy chunk'] = `${kb(chunks.reduce((sum, file) => sum + gzip(file), 0))} gzip (${chunks.join(', ')})`
}

export function measure(): Promise<Figures> {
  const figures: Figures = {}
  measureWeapp(figures)
  measureH5(figures)
  return Promise.resolve(figures)
}

runWhenMain(__filename, measure)
