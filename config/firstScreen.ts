import postcss from 'postcss'
import type { Container } from 'postcss'
import { Compilation, sources } from 'webpack'
import type { Compiler } from 'webpack'
import { FIRST_SCREEN_CLASSES, FIRST_SCREEN_ELEMENTS, FIRST_SCREEN_MANIFEST } from '../src/domain/firstScreen'
import type { FirstScreenManifest } from '../src/domain/firstScreen'

/** The page whose first screen the server writes: the lesson viewer (Taro imports pages as `./…/index`). */
const PAGE_REQUEST = './pages/lesson/index'

const CLASSES = new Set(FIRST_SCREEN_CLASSES)
const ELEMENTS = new Set(FIRST_SCREEN_ELEMENTS)

/**
 * A selector that styles only the first screen's classes and elements: every class and element
 * it names is one of them, and it has no pseudo-class (a state the static screen never has).
 */
export function stylesFirstScreen(selector: string): boolean {
  if (selector.includes(':')) return false
  // attribute values name nothing; what is left are classes, ids, elements and combinators
  const bare = selector.replace(/\[[^\]]*\]/g, '')
  if (/#|\*/.test(bare)) return false
  const classes = [...bare.matchAll(/\.([\w-]+)/g)].map((m) => m[1])
  const elements = [...bare.replace(/\.[\w-]+/g, ' ').matchAll(/[a-z][\w-]*/gi)].map((m) => m[0].toLowerCase())
  return classes.length + elements.length > 0 && classes.every((c) => CLASSES.has(c)) && elements.every((e) => ELEMENTS.has(e))
}

/** Keeps the rules (and the @media blocks around them) that style the first screen; drops the rest. */
function keepFirstScreenRules(container: Container): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter(stylesFirstScreen)
      if (kept.length === 0) node.remove()
      else node.selectors = kept
    } else if (node.type === 'atrule' && node.name === 'media') {
      keepFirstScreenRules(node)
      if (!node.nodes?.length) node.remove()
    } else {
      node.remove()
    }
  })
}

/** The first screen's rules from the page's stylesheets, in their order. */
export function firstScreenStyle(stylesheets: readonly string[]): string {
  return stylesheets
    .map((css) => {
      const root = postcss.parse(css)
      keepFirstScreenRules(root)
      return root.toString()
    })
    .join('')
}

/**
 * Writes `first-screen.json` (src/domain/firstScreen.ts, issue 16): the rules of the lesson page's
 * stylesheets the server's first screen uses, which the server inlines in the shell it sends.
 */
export class FirstScreenManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('FirstScreenManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // the minified stylesheets
        { name: 'FirstScreenManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const css = pageStylesheets(compilation).map((file) => String(compilation.getAsset(file)?.source.source() ?? ''))
          const manifest: FirstScreenManifest = { style: firstScreenStyle(css) }
          compilation.emitAsset(FIRST_SCREEN_MANIFEST, new sources.RawSource(`${JSON.stringify(manifest)}\n`))
        },
      )
    })
  }
}

function pageStylesheets(compilation: Compilation): string[] {
  const group = compilation.chunkGroups.find((g) => g.origins.some((origin) => origin.request === PAGE_REQUEST))
  if (!group) throw new Error(`FirstScreenManifestPlugin: no chunk group imports ${PAGE_REQUEST}`)
  const files: string[] = []
  for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.css')) files.push(file)
  if (files.length === 0) throw new Error(`FirstScreenManifestPlugin: ${PAGE_REQUEST} has no stylesheet`)
  return files
}
