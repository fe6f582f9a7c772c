/**
 * Bundle sizes, each against its budget (a run over budget fails `npm run bench`):
 * - the mini-program main package, what WeChat downloads before the first page (budget 600 KB
 *   since issue 36, was 700 KB; WeChat's limit 2 MB), of the build `npm run build` makes, the one
 *   that ships (a demo build, TARO_APP_PAY_SANDBOX=1, also carries the demo's launcher page);
 * - the H5 JavaScript needed before the first message of /lesson (budget 80 KB gzip since issue
 *   36, was 120 KB): every script Chromium fetches from navigation until the app shows its first
 *   row (the server's first screen shows rows before any script), gzipped here at level 9, and
 *   beside it the bytes the server actually sent for them and how it encoded them.
 */
import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import { APP_ROWS, startE2E } from '../test/e2e/harness'
import { FEATURE_PACKAGES } from '../test/unit/architecture/featurePackages'
import { withBudget } from './figures'

const ROOT = path.resolve(__dirname, '..')

function dirSize(dir: string, skip: (rel: string) => boolean, base = dir): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(base, full)
    if (skip(rel)) continue
    total += entry.isDirectory() ? dirSize(full, skip, base) : fs.statSync(full).size
  }
  return total
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** What WeChat downloads before the first page: only what the first page needs (issue 36). */
const MAIN_PACKAGE_BUDGET = 600 * 1024

/** JavaScript before the first message of a lesson on H5 (issue 16; issue 36 lowered it from 120 KB), gzip. */
const H5_LESSON_JS_BUDGET = 80 * 1024

/** Build artefacts that are not part of what a client downloads. */
const NOT_SHIPPED = /\.(map|LICENSE\.txt|gz|br)$/

/** Features that belong to a subpackage (test/unit/architecture/featurePackages.ts). */
const SUBPACKAGE_FEATURES = Object.keys(FEATURE_PACKAGES).filter((feature) => FEATURE_PACKAGES[feature] !== 'main')

function measureWeapp(figures: Record<string, string>): void {
  const weapp = path.join(ROOT, 'dist/weapp')
  if (!fs.existsSync(weapp)) throw new Error('dist/weapp is missing: run `npm run build:weapp` first')
  const main = dirSize(weapp, (rel) => rel === 'packages' || NOT_SHIPPED.test(rel))
  const subpackages = fs.existsSync(path.join(weapp, 'packages')) ? dirSize(path.join(weapp, 'packages'), () => false) : 0
  figures['weapp main package'] = `${withBudget('weapp main package', main, MAIN_PACKAGE_BUDGET, kb)}; WeChat limit 2048 KB`
  figures['weapp subpackages'] = kb(subpackages)
  const modules = path.join(ROOT, 'dist/weapp.modules.json')
  if (fs.existsSync(modules)) {
    const map = JSON.parse(fs.readFileSync(modules, 'utf8')) as Record<string, string[]>
    const mainSources = Object.keys(map)
      .filter((file) => !file.startsWith('packages/'))
      .flatMap((file) => map[file])
    const foreign = mainSources.filter((source) => /^src\/(packages|im)\//.test(source) || SUBPACKAGE_FEATURES.some((f) => source.startsWith(`src/features/${f}/`)))
    figures['weapp main package source modules'] = `${mainSources.length}, of other packages ${foreign.length} (budget 0)`
  }
}

async function measureH5(figures: Record<string, string>): Promise<void> {
  const e2e = await startE2E()
  try {
    const page = await e2e.newPage()
    const scripts = new Map<string, Promise<{ sent: number; encoding: string }>>()
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.set(
        new URL(res.url()).pathname,
        Promise.all([res.request().sizes(), res.headerValue('content-encoding')]).then(([sizes, encoding]) => ({
          sent: sizes.responseBodySize,
          encoding: encoding ?? 'identity',
        })),
      )
    })
    await page.goto('/lesson?courseData=demo-open')
    await page.locator(APP_ROWS).first().waitFor()
    let raw = 0
    let gzip = 0
    let sent = 0
    const encodings = new Set<string>()
    for (const [script, response] of scripts) {
      const file = fs.readFileSync(path.join(ROOT, 'dist/h5', script))
      raw += file.length
      gzip += zlib.gzipSync(file, { level: 9 }).length
      const answer = await response
      sent += answer.sent
      encodings.add(answer.encoding)
    }
    figures['H5 JS before the first message'] =
      `${withBudget('H5 JS before the first message of /lesson', gzip, H5_LESSON_JS_BUDGET, kb)} gzip; ${kb(raw)} raw, ${scripts.size} files`
    figures['H5 JS sent for it'] = `${kb(sent)} (${[...encodings].join(', ')}; the browser asked for gzip, deflate, br)`
  } finally {
    await e2e.close()
  }
}

export async function measureSizes(): Promise<Record<string, string>> {
  const figures: Record<string, string> = {}
  measureWeapp(figures)
  await measureH5(figures)
  return figures
}
