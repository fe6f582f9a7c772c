/**
 * @jest-environment jsdom
 */
import fs from 'fs'
import path from 'path'
import postcss, { type Rule } from 'postcss'
import { DIST, loadPage } from './harness'

/**
 * Text follows the reader's WeChat font size (issue 18): every page of the build starts with
 * `<page-meta root-font-size="system">` (config/textScale.ts), text sizes in the compiled wxss are
 * rem (config/remText.ts), and at a larger root font the text of a fixed-height box still fits it.
 */

interface AppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
}

const app = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8')) as AppJson
const allPages = [...app.pages, ...(app.subPackages ?? []).flatMap((pkg) => pkg.pages.map((page) => `${pkg.root}/${page}`))]

function wxssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return wxssFiles(full)
    return full.endsWith('.wxss') ? [full] : []
  })
}

const rules: Rule[] = wxssFiles(DIST).flatMap((file) => {
  const found: Rule[] = []
  postcss.parse(fs.readFileSync(file, 'utf8'), { from: file }).walkRules((rule) => void found.push(rule))
  return found
})

/**
 * The rules whose source opts out with `rem-text: off` (the minifier drops the comment): glyphs drawn
 * as icons in fixed boxes, and the docked audio panel, rate button and free preview bar, whose
 * heights the lesson's spacer, gutter and bottom padding match. A new exception is added here on purpose.
 */
const FIXED_TEXT = [
  '.notice-page__icon',
  '.share-reward__icon',
  '.audio-panel__title',
  '.audio-panel__close',
  '.audio-panel__rate',
  '.audio-panel__locate',
  '.listening-tools__button',
  '.seek-bar__time',
  '.rate-button',
  '.lesson-preview-bar__hint',
  '.lesson-preview-bar__button',
  '.lesson-preview-bar .lesson-preview-bar__button',
  '.download__logo',
  '.scan__number',
]
const optedOut = (rule: Rule): boolean => FIXED_TEXT.includes(rule.selector)

function declared(rule: Rule, prop: string): string | undefined {
  let value: string | undefined
  rule.walkDecls(prop, (decl) => {
    value = decl.value
  })
  return value
}

/** CSS px on the 375 px phone the tests assume: 2 rpx per px; rem against `rootPx`. */
function toPx(value: string, rootPx: number): number | undefined {
  const match = /^(-?\d*\.?\d+)(rpx|rem|px)$/.exec(value.trim())
  if (!match) return undefined
  const n = Number(match[1])
  return match[2] === 'rpx' ? n / 2 : match[2] === 'rem' ? n * rootPx : n
}

/** The height one line of the rule's text takes: its line-height, or 1.4 times its font size. */
function lineBoxPx(rule: Rule, rootPx: number): number | undefined {
  const fontSize = toPx(declared(rule, 'font-size') ?? '', rootPx)
  const lineHeight = declared(rule, 'line-height')
  if (lineHeight !== undefined && /^\d*\.?\d+$/.test(lineHeight)) return fontSize === undefined ? undefined : Number(lineHeight) * fontSize
  if (lineHeight !== undefined) return toPx(lineHeight, rootPx)
  return fontSize === undefined ? undefined : fontSize * 1.4
}

describe('text that follows the WeChat font size', () => {
  it('puts page-meta root-font-size="system" first on every page of the app', () => {
    expect(allPages).toEqual(expect.arrayContaining(['pages/lesson/index', 'packages/money/pages/withdraw/index']))
    const without = allPages.filter((page) => {
      const wxml = fs.readFileSync(path.join(DIST, `${page}.wxml`), 'utf8')
      // <import> and <wxs> are declarations, not nodes: page-meta must be the first node
      const firstNode = /<(?!import\b|wxs\b)([\w-]+)([^>]*)>/.exec(wxml)
      // ours says system; Taro's own (a page with enablePageMeta) binds it, with system as the default
      return firstNode?.[1] !== 'page-meta' || !/\broot-font-size="(system|\{\{pageMeta\.\w+\|\|'system'\}\})"/.test(firstNode[2])
    })
    expect(without).toEqual([])
  })

  it('leaves the templates of custom components without a page-meta', () => {
    expect(fs.readFileSync(path.join(DIST, 'comp.wxml'), 'utf8')).not.toContain('page-meta')
  })

  it('renders a page with its page-meta in the simulator', async () => {
    const page = await loadPage('pages/launcher/index', {})
    try {
      await page.waitFor(() => page.text().includes('课程'))
      // the template compiles, and page-meta is the page's first node (the simulator keeps no attributes of it)
      expect(page.root.dom?.firstElementChild?.tagName.toLowerCase()).toBe('wx-page-meta')
    } finally {
      await page.close()
    }
  })

  it('writes every text size in rem, unless a rule opts out', () => {
    const textProps = ['font-size', 'line-height', 'letter-spacing', 'min-height']
    const inRem: string[] = []
    const fixed: string[] = []
    for (const rule of rules.filter((r) => !optedOut(r))) {
      for (const prop of textProps) {
        const value = declared(rule, prop)
        if (value === undefined) continue
        if (/rem\b/.test(value)) inRem.push(`${rule.selector} ${prop}`)
        else if (/\d(r?px)\b/.test(value)) fixed.push(`${rule.selector} { ${prop}: ${value} }`)
      }
    }
    expect(fixed).toEqual([])
    expect(rules.filter(optedOut).map((rule) => rule.selector)).toEqual(expect.arrayContaining(FIXED_TEXT))
    expect(inRem.length).toBeGreaterThan(100)
    // 30 design px (15 CSS px at the standard size) is 30/32 rem
    expect(rules.find((r) => r.selector === '.ui-field__input')?.toString()).toMatch(/font-size:\s*\.9375rem/)
  })

  it('keeps layout in rpx: widths and horizontal padding follow the screen, not the text', () => {
    // `padding: 12px 32px` in the source: the vertical part grows with the text, the horizontal one does not
    const pill = rules.find((r) => r.selector === '.background-play')
    expect(pill && declared(pill, 'padding')).toBe('.375rem 32rpx')
    expect(pill && declared(pill, 'min-height')).toBe('2.75rem')
    expect(pill && declared(pill, 'margin')).toBe('8rpx auto 0')
    expect(rules.some((r) => /rem/.test(declared(r, 'width') ?? ''))).toBe(false)
  })

  it.each([16, 24])('fits one line of text in every fixed-height box at a root font of %i px', (rootPx) => {
    const clipped = rules
      .filter((rule) => !optedOut(rule))
      .flatMap((rule) => {
        const height = toPx(declared(rule, 'height') ?? '', rootPx)
        const line = lineBoxPx(rule, rootPx)
        if (height === undefined || line === undefined || line <= height + 0.5) return []
        return [`${rule.selector}: a ${line.toFixed(1)} px line in a ${height} px box`]
      })
    expect(clipped).toEqual([])
  })
})
