/**
 * @jest-environment jsdom
 */
import fs from 'fs'
import path from 'path'
import { spawnSync } from 'child_process'
import { DIST, loadPage } from './harness'
import type { Layout, TextBox } from './browserLayout'

/**
 * The mini-program's lessons at the standard WeChat font size and at 1.5 times it (issue 18), laid
 * out by Chromium: the page rendered by miniprogram-simulate from dist/weapp, styled by its compiled
 * wxss (rpx as CSS px on a 375 px phone, rem against a root of 16 or 24 px, as
 * `<page-meta root-font-size="system">` sets it). Text grows by half, nothing is clipped, no two
 * texts overlap, nothing leaves the screen's side. WeChat's own component styles are approximated by
 * the few defaults below.
 */
jest.setTimeout(60000)

/** Defaults of WeChat's built-in components that the layout depends on. */
const COMPONENT_DEFAULTS = `
  wx-view, wx-button, wx-input, wx-scroll-view { display: block; }
  wx-text { display: inline; white-space: pre-wrap; }
  wx-image { display: inline-block; overflow: hidden; width: 160px; height: 120px; }
  wx-page-meta { display: none; }
`

/** A compiled wxss file as browser CSS: its imports inlined, rpx as px at 375 px, `page` as the body. */
function browserCss(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/@import\s+"([^"]+)";/g, (_, imported: string) => browserCss(path.resolve(path.dirname(file), imported)))
    .replace(/(-?\d*\.?\d+)rpx/g, (_, n: string) => `${Number(n) / 2}px`)
    .replace(/(^|[},\s])page(?=[\s{,])/g, '$1body')
}

/** Chromium runs in a child process: playwright cannot load in the jsdom the simulator needs. */
function layout(html: string, css: string, rootPx: number): Layout {
  const document = `<!DOCTYPE html><html style="font-size:${rootPx}px"><head><style>${COMPONENT_DEFAULTS}${css}</style></head><body>${html}</body></html>`
  const run = spawnSync(path.resolve(__dirname, '../../node_modules/.bin/tsx'), [path.join(__dirname, 'browserLayout.ts')], {
    input: document,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`browserLayout failed: ${run.stderr}`)
  return JSON.parse(run.stdout) as Layout
}

const overlaps = (a: TextBox['rect'], b: TextBox['rect']): boolean =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1

/**
 * Clipped text, overlapping text of the page's flow, and anything off the side. Floating controls
 * lie over the scrolling lesson by nature (the lesson keeps a gutter and a spacer for them), so they
 * are not paired with the flow.
 */
function problems({ boxes, outside }: Layout): string[] {
  const found = boxes.filter((b) => b.clipped).map((b) => `clipped ${b.what}`)
  const flow = boxes.filter((b) => !b.floating)
  flow.forEach((a, i) => flow.slice(i + 1).forEach((b) => overlaps(a.rect, b.rect) && found.push(`overlap ${a.what} / ${b.what}`)))
  return [...found, ...outside.map((what) => `off the side: ${what}`)]
}

const medianFont = (boxes: TextBox[]) => boxes.map((b) => b.fontPx).sort((x, y) => x - y)[Math.floor(boxes.length / 2)]

// every kind of message; a paid lesson's free preview with its docked 'view full course' bar
describe.each(['demo-all-types', 'demo-paid'])('the weapp lesson %s at WeChat font sizes 16 and 24 px', (courseData) => {
  let html = ''
  let css = ''
  beforeAll(async () => {
    const page = await loadPage('pages/lesson/index', { courseData })
    try {
      await page.waitFor(() => page.root.querySelectorAll('.message-row').length > 2)
      // the simulator scopes class names to the page component (`main--x`); the wxss knows them as `x`
      html = (page.root.dom?.outerHTML ?? '').replace(/\bmain--/g, '')
    } finally {
      await page.close()
    }
    css = [browserCss(path.join(DIST, 'app.wxss')), browserCss(path.join(DIST, 'pages/lesson/index.wxss'))].join('\n')
  })

  it('grows the text by half at 24 px, with nothing clipped, overlapping or off the side', () => {
    const standard = layout(html, css, 16)
    const large = layout(html, css, 24)
    expect(standard.boxes.length).toBeGreaterThan(5)
    expect(medianFont(large.boxes) / medianFont(standard.boxes)).toBeCloseTo(1.5, 1)
    expect(problems(standard)).toEqual([])
    expect(problems(large)).toEqual([])
  })
})
