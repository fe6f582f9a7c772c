/**
 * Bundle sizes: the mini-program main package (what WeChat downloads before the first page;
 * limit 2 MB) and the gzip size of the JavaScript the H5 site loads for /lesson, measured by
 * opening the page in Chromium and recording every script it fetches.
 */
import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import { startE2E } from '../test/e2e/harness'
import { FEATURE_PACKAGES } from '../test/unit/architecture/featurePackages'

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

/** What WeChat downloads before the first page: kept well under its 2 MB limit. */
const MAIN_PACKAGE_BUDGET_KB = 700

/** Features that belong to a subpackage (test/unit/architecture/featurePackages.ts). */
const SUBPACKAGE_FEATURES = Object.keys(FEATURE_PACKAGES).filter((feature) => FEATURE_PACKAGES[feature] !== 'main')

export async function measureSizes(): Promise<Record<string, string>> {
  const weapp = path.join(ROOT, 'dist/weapp')
  const figures: Record<string, string> = {}
  if (fs.existsSync(weapp)) {
    const main = dirSize(weapp, (rel) => rel === 'packages' || rel.endsWith('.map') || rel.endsWith('.LICENSE.txt'))
    const subpackages = fs.existsSync(path.join(weapp, 'packages')) ? dirSize(path.join(weapp, 'packages'), () => false) : 0
    figures['weapp main package'] = `${kb(main)} (budget ${MAIN_PACKAGE_BUDGET_KB} KB; WeChat limit 2048 KB; 584.0 KB before issue 8)`
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
  const e2e = await startE2E()
  try {
    const page = await e2e.newPage()
    const scripts = new Set<string>()
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname)
    })
    await page.goto('/lesson?courseData=demo-open')
    await page.locator('.message-row').first().waitFor()
    let raw = 0
    let gzip = 0
    for (const script of scripts) {
      const file = fs.readFileSync(path.join(ROOT, 'dist/h5', script))
      raw += file.length
      gzip += zlib.gzipSync(file, { level: 9 }).length
    }
    figures['H5 JS for /lesson'] = `${kb(gzip)} gzip (${kb(raw)} raw, ${scripts.size} files)`
  } finally {
    await e2e.close()
  }
  return figures
}
