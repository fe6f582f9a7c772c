/**
 * axe-core in the e2e browser: the accessibility audit every screen of the journeys passes
 * (issue 18: no serious or critical violation). The harness runs it with every screenshot, so a
 * screen a test shows is a screen it audits, and a new violation fails that test.
 */
import fs from 'fs'
import path from 'path'
import type { AxeResults, Result } from 'axe-core'
import type { Page } from 'playwright-core'

const AXE_SOURCE = fs.readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8')

/** WCAG 2.1 A and AA plus axe's best practices (landmarks, headings, duplicate ids...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** The impacts that fail a test; moderate and minor ones are reported by Lighthouse instead. */
const FAILING = new Set(['serious', 'critical'])

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  /** selectors of the offending nodes with axe's summary of each, first five */
  nodes: string[]
}

/** Runs axe on the page as it is now and returns its serious and critical findings. */
export async function auditPage(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE })
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    }),
    TAGS,
  )
  return results.violations.filter((v: Result) => FAILING.has(v.impact ?? '')).map(toFinding)
}

function toFinding(v: Result): AxeFinding {
  return {
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
  }
}

/** Throws, naming each finding, when the page has a serious or critical axe violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await auditPage(page)
  if (findings.length === 0) return
  const lines = findings.map((f) => `- ${f.impact} ${f.rule}: ${f.help}\n    ${f.nodes.join('\n    ')}`)
  throw new Error(`axe: ${findings.length} serious/critical violation(s) on '${screen}':\n${lines.join('\n')}`)
}
