import fs from 'fs'
import path from 'path'
import { ROOT } from './imports'

/**
 * docs/SPEC_INDEX.md points from every section of the two spec documents to the files that hold its
 * rules. It stays true only if every path it names exists and every section has its row: this test
 * fails otherwise. docs/ARCHITECTURE.md's root-anchored paths are held to the same check.
 *
 * The spec lives beside the repository (CI checks out shared/ next to the clone), so it is read from
 * ../shared/spec; a missing spec fails the test, it never skips it.
 */
const INDEX = 'docs/SPEC_INDEX.md'
const ARCHITECTURE = 'docs/ARCHITECTURE.md'
const SPEC_DIR = path.resolve(ROOT, '../shared/spec')

/** What a path may start with on the architecture page: the repository's own source folders. */
const ROOT_FOLDERS = ['src', 'server', 'types', 'test', 'config', 'docs', 'bench', 'scripts']

/**
 * The backticked paths of a markdown text. A backticked token with a space is a command or code, one
 * with `<` or `*` a pattern (`types/<area>.ts`, `test/server/money*.test.ts`): neither names a path.
 */
function backtickedPaths(text: string): string[] {
  const paths: string[] = []
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const token = match[1].trim()
    if (token === '' || /\s/.test(token) || /[<>*]/.test(token)) continue
    paths.push(token)
  }
  return paths
}

/** Whether `rel` exists under `root`; a path written with a trailing '/' must be a folder. */
function pathExists(root: string, rel: string): boolean {
  const full = path.join(root, rel)
  if (!fs.existsSync(full)) return false
  return !rel.endsWith('/') || fs.statSync(full).isDirectory()
}

/** The paths `text` names that do not exist under `root`, each once, in order. */
function missingPaths(text: string, root = ROOT, only: (p: string) => boolean = () => true): string[] {
  return [...new Set(backtickedPaths(text).filter(only))].filter((rel) => !pathExists(root, rel))
}

const rootAnchored = (p: string): boolean => p.includes('/') && ROOT_FOLDERS.includes(p.split('/')[0])

interface SpecHeading {
  /** the section's number */
  section: number
  /** the heading's text, as the index's row names it after `§<section> ` */
  title: string
  kind: 'section' | 'subsection' | 'topic'
}

/**
 * The headings of one spec document: `## 7. The calls it makes` (a numbered section), `### Invite
 * calls` (a subsection of the section above it) and a line opening with a bold name (`**Pay flow**:`,
 * a topic of the section above it). A subsection or topic before the first section is an error.
 */
function specHeadings(text: string): SpecHeading[] {
  const headings: SpecHeading[] = []
  let section: number | undefined
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd()
    const numbered = /^##\s+(\d+)\.\s+(.+)$/.exec(line)
    const sub = /^###\s+(.+)$/.exec(line)
    const topic = /^\*\*([^*]+)\*\*/.exec(line)
    if (numbered) {
      section = Number(numbered[1])
      headings.push({ section, title: numbered[2].trim(), kind: 'section' })
    } else if (sub || topic) {
      const title = (sub ? sub[1] : (topic as RegExpExecArray)[1]).trim()
      if (section === undefined) throw new Error(`"${title}" comes before the first numbered section`)
      headings.push({ section, title, kind: sub ? 'subsection' : 'topic' })
    }
  }
  return headings
}

/** The first cells of the index's rows under `## Spec <doc>` (up to the next `## `), e.g. '§2 Bind dialog'. */
function indexRows(index: string, doc: string): string[] {
  const rows: string[] = []
  let inDoc = false
  for (const line of index.split(/\r?\n/)) {
    if (line.startsWith('## ')) inDoc = line.trim() === `## Spec ${doc}`
    else if (inDoc && line.startsWith('| §')) rows.push(line.split('|')[1].trim())
  }
  return rows
}

const rowName = (heading: SpecHeading): string => `§${heading.section} ${heading.title}`

/** Headings of the spec without a row in the index, and rows of the index that name no heading. */
function coverage(spec: string, index: string, doc: string): { unindexed: string[]; stale: string[] } {
  const wanted = specHeadings(spec).map(rowName)
  const rows = indexRows(index, doc)
  return { unindexed: wanted.filter((name) => !rows.includes(name)), stale: rows.filter((row) => !wanted.includes(row)) }
}

/** The spec documents, by number ('000', '001'), read from ../shared/spec. */
function specDocuments(): Map<string, string> {
  if (!fs.existsSync(SPEC_DIR)) {
    throw new Error(`The spec is missing: expected its documents in ${SPEC_DIR} (shared/ beside the repository)`)
  }
  const docs = new Map<string, string>()
  for (const name of fs.readdirSync(SPEC_DIR).sort()) {
    const match = /^(\d{3})_.+\.txt$/.exec(name)
    if (match) docs.set(match[1], fs.readFileSync(path.join(SPEC_DIR, name), 'utf8'))
  }
  return docs
}

const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8')

describe('docs/SPEC_INDEX.md', () => {
  it('names only paths that exist', () => {
    const index = read(INDEX)
    expect(backtickedPaths(index).length).toBeGreaterThan(150)
    expect(missingPaths(index)).toEqual([])
  })

  it('catches a planted missing path, and a file written as a folder', () => {
    const line = '| §9 Business constants and limits | `src/domain/vip.ts`, `src/features/live/`, `src/domain/noSuchRule.ts`, `src/domain/vip.ts/`, `types/<area>.ts` |'
    expect(backtickedPaths(line)).toEqual(['src/domain/vip.ts', 'src/features/live/', 'src/domain/noSuchRule.ts', 'src/domain/vip.ts/'])
    expect(missingPaths(line)).toEqual(['src/domain/noSuchRule.ts', 'src/domain/vip.ts/'])
  })

  it('has a row for every section, subsection and topic of both spec documents, and no other', () => {
    const docs = specDocuments()
    expect([...docs.keys()]).toEqual(['000', '001'])
    const index = read(INDEX)
    for (const [doc, spec] of docs) {
      const headings = specHeadings(spec)
      // a parser that found little would let everything through: each document numbers its sections 1..n
      const numbers = headings.filter((h) => h.kind === 'section').map((h) => h.section)
      expect(numbers.length).toBeGreaterThanOrEqual(9)
      expect(numbers).toEqual(numbers.map((_, i) => i + 1))
      expect(headings.length).toBeGreaterThan(30)
      expect({ doc, ...coverage(spec, index, doc) }).toEqual({ doc, unindexed: [], stale: [] })
    }
  })

  it('reads headings as the spec writes them, and reports a section without a row', () => {
    const spec = [
      '# Specification',
      '## 1. What it does',
      '### Lesson viewer (paid or normal)',
      '**Pay flow**: if the user is not a product user',
      'Text with **bold** inside is no topic.',
      '## 2. Screens and routes\r',
    ].join('\n')
    expect(specHeadings(spec)).toEqual([
      { section: 1, title: 'What it does', kind: 'section' },
      { section: 1, title: 'Lesson viewer (paid or normal)', kind: 'subsection' },
      { section: 1, title: 'Pay flow', kind: 'topic' },
      { section: 2, title: 'Screens and routes', kind: 'section' },
    ])
    const index = '## Spec 123\n\n| section | where |\n| --- | --- |\n| §1 What it does | `src/domain/` |\n| §1 Pay flow | x |\n| §3 Gone | x |\n\n## Spec 124\n| §2 Screens and routes | x |'
    expect(coverage(spec, index, '123')).toEqual({
      unindexed: ['§1 Lesson viewer (paid or normal)', '§2 Screens and routes'],
      stale: ['§3 Gone'],
    })
    expect(() => specHeadings('### Orphan\n## 1. First')).toThrow('before the first numbered section')
  })
})

describe('docs/ARCHITECTURE.md', () => {
  it('names only paths that exist', () => {
    const page = read(ARCHITECTURE)
    expect(backtickedPaths(page).filter(rootAnchored).length).toBeGreaterThan(50)
    expect(missingPaths(page, ROOT, rootAnchored)).toEqual([])
  })

  it('links the spec index and points nowhere outside the repository', () => {
    const page = read(ARCHITECTURE)
    expect(page).toContain('](SPEC_INDEX.md)')
    expect(page).not.toMatch(/\.\.\/shared|\]\((?:[a-z]+:|\.\.\/|\/)/)
  })
})
