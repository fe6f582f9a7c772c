/**
 * Mini-program first render (issue 36 item 4): the number and the bytes (UTF-8 JSON, as WeChat's
 * bridge carries them) of the setData calls the compiled lesson page (dist/weapp, demo-open, in
 * miniprogram-simulate) sends before its first row shows, and for one appended page. The figures
 * come from test/weapp/firstRenderSetData.test.ts, which this runs through Jest (the simulator
 * needs Jest's jsdom and module registry) and which writes them to a file. Budget: half of what
 * the page sent when the issue was written (BEFORE in that test); an append cannot take fewer
 * than one call, so its count's budget is one.
 * Needs dist/weapp. `npx tsx bench/weappRender.bench.ts`
 */
import { execFileSync } from 'child_process'
import fs from 'fs'
import os from 'os'
import path from 'path'
import { BEFORE } from '../test/weapp/firstRenderSetData.budget'
import { runWhenMain, withBudget } from './figures'

const ROOT = path.resolve(__dirname, '..')

interface SetDataFigures {
  firstCalls: number
  firstBytes: number
  appendCalls: number
  appendBytes: number
}

const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export async function measure(): Promise<Record<string, string>> {
  if (!fs.existsSync(path.join(ROOT, 'dist/weapp/app.js'))) throw new Error('dist/weapp is missing: run `npm run build:weapp` first')
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-render-')), 'figures.json')
  try {
    // the test fails when a figure is over its budget: the figures it wrote are printed all the same
    try {
      execFileSync('npx', ['jest', 'test/weapp/firstRenderSetData.test.ts', '--selectProjects', 'weapp'], {
        cwd: ROOT,
        env: { ...process.env, SET_DATA_FIGURES: out },
        stdio: 'ignore',
      })
    } catch {
      if (!fs.existsSync(out)) throw new Error('test/weapp/firstRenderSetData.test.ts measured nothing')
    }
    const f = JSON.parse(await fs.promises.readFile(out, 'utf8')) as SetDataFigures
    return {
      'weapp setData before the first row': `${withBudget('weapp setData calls before the first row', f.firstCalls, Math.floor(BEFORE.firstCalls / 2), calls)}; ${withBudget('weapp setData bytes before the first row', f.firstBytes, BEFORE.firstBytes / 2, kb)}`,
      'weapp setData for one appended page': `${withBudget('weapp setData calls for an appended page', f.appendCalls, Math.max(1, Math.floor(BEFORE.appendCalls / 2)), calls)}; ${withBudget('weapp setData bytes for an appended page', f.appendBytes, BEFORE.appendBytes / 2, kb)}`,
      'weapp setData before issue 36': `first rows ${calls(BEFORE.firstCalls)}, ${kb(BEFORE.firstBytes)}; appended page ${calls(BEFORE.appendCalls)}, ${kb(BEFORE.appendBytes)}`,
    }
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true })
  }
}

runWhenMain(__filename, measure)
