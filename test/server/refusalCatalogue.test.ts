/**
 * Issue 34 item 1: every refusal the server can produce is a sentence of core/messages.ts, in
 * zh-CN and in English. The test lists them by reading server/ (TypeScript's parser, no server
 * run): each `ApiRefusal.say` and its catalogue key, each envelope written by hand (`fail(code,
 * msg)`, `{ code, msg }`) and what its message is. An inline sentence fails, and so does an
 * unknown key (each key's two languages: messages.test.ts). The providers' stand-ins (server/outside) answer in their providers'
 * words, and the content API (/content/v1, server/content) answers an author's signing tool,
 * not a reader: both are left out, by name.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { FIELD_NAME_KEYS, TEXT_KEYS, fieldName } from '../../server/core/messages'
import { ALL_CALLS } from '../../types/calls'

const ROOT = join(__dirname, '..', '..')
const SERVER = join(ROOT, 'server')
/** Not the reader's: the providers' stand-ins and the author's content API (see the top). */
const LEFT_OUT = ['server/outside/', 'server/content/']

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** One place the server makes a refusal, and what it found there. */
interface Site {
  where: string
  /** the catalogue key when the site names one as a literal */
  key?: string
  /** why the site is no catalogue sentence, if it is not */
  inline?: string
}

const isCall = (node: ts.Node, name: string): node is ts.CallExpression =>
  ts.isCallExpression(node) && node.expression.getText() === name

/** A message argument that comes from the catalogue: textOf(…), or a refusal's own textIn(…), or a choice of them. */
const fromCatalogue = (node: ts.Expression): boolean =>
  ts.isConditionalExpression(node)
    ? fromCatalogue(node.whenTrue) && fromCatalogue(node.whenFalse)
    : ts.isCallExpression(node) && /(^|\.)(textOf|textIn)$/.test(node.expression.getText())

/** Inside ApiRefusal itself, whose `say` is the one way to make a refusal. */
const inApiRefusal = (node: ts.Node): boolean =>
  node.parent !== undefined && ((ts.isClassDeclaration(node.parent) && node.parent.name?.text === 'ApiRefusal') || inApiRefusal(node.parent))

const isText = (node: ts.Node): boolean =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)

function sitesOf(path: string): Site[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const sites: Site[] = []
  const where = (node: ts.Node): string =>
    `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'ApiRefusal' && !inApiRefusal(node)) {
      sites.push({ where: where(node), inline: `new ApiRefusal(${node.arguments?.map((a) => a.getText()).join(', ')})` })
    } else if (isCall(node, 'ApiRefusal.say')) {
      const key = node.arguments[1]
      sites.push({ where: where(node), ...(ts.isStringLiteral(key) ? { key: key.text } : {}) })
    } else if (isCall(node, 'fail') && node.arguments.length === 2 && !fromCatalogue(node.arguments[1])) {
      sites.push({ where: where(node), inline: `fail(…, ${node.arguments[1].getText()})` })
    } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'msg' && isText(node.initializer) && node.initializer.getText() !== "'success'") {
      sites.push({ where: where(node), inline: `msg: ${node.initializer.getText()}` })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return sites
}

const files = serverFiles(SERVER).filter((path) => !LEFT_OUT.some((prefix) => relative(ROOT, path).startsWith(prefix)))
const sites = files.flatMap(sitesOf)
const HAN = /\p{Script=Han}/u

describe('the refusal catalogue', () => {
  it('finds the refusals of every area in server/', () => {
    const areas = new Set(sites.filter((site) => site.key !== undefined).map((site) => site.where.split('/')[1]))
    for (const area of ['core', 'lesson', 'login', 'purchase', 'invite', 'money', 'live', 'vip', 'album', 'share', 'speech', 'testOrder']) {
      expect([area, areas.has(area)]).toEqual([area, true])
    }
    expect(sites.length).toBeGreaterThan(100)
  })

  it('has no refusal written inline: every one names its sentence in core/messages.ts', () => {
    expect(sites.filter((site) => site.inline !== undefined).map((site) => `${site.where} ${site.inline}`)).toEqual([])
  })

  it('knows every key a refusal names', () => {
    const known = new Set<string>(TEXT_KEYS)
    expect(sites.filter((site) => site.key !== undefined && !known.has(site.key)).map((site) => `${site.where} ${site.key}`)).toEqual([])
  })

  it('names every field of every call in both languages, for the sentence a schema failure becomes', () => {
    const fields = new Set(ALL_CALLS.flatMap((call) => Object.keys(call.fields)))
    expect([...fields].filter((field) => !FIELD_NAME_KEYS.includes(field))).toEqual([])
    for (const field of fields) {
      expect(fieldName(field, 'zh-CN')).toMatch(HAN)
      expect(fieldName(field, 'en')).not.toMatch(HAN)
    }
  })
})
