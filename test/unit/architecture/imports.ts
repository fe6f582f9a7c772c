import fs from 'fs'
import path from 'path'

export const ROOT = path.resolve(__dirname, '../../..')

/** One import of a source file: what it says and the file or folder it reaches (posix, from the root). */
export interface ImportEdge {
  from: string
  specifier: string
  /** undefined for a package import ('react', '@tarojs/taro') */
  target: string | undefined
}

const SOURCE = /\.(ts|tsx)$/
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

export function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(rel))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel)
  }
  return out
}

const stripComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** What `rule` reports in each source file under src/, and how many files it read. */
export function scanSources(rule: (file: string, text: string) => string[]): { files: number; found: string[] } {
  const files = sourceFiles('src')
  return { files: files.length, found: files.flatMap((file) => rule(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) }
}

/** Every import, re-export, side-effect import and dynamic import of `file`. */
export function importsOf(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const match of stripComments(text).matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3]
    const target = specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : undefined
    edges.push({ from: file, specifier, target })
  }
  return edges
}

/** `src/features/lesson/cells/X` -> 'lesson'; undefined outside src/features. */
export function featureOf(file: string): string | undefined {
  const match = /^src\/features\/([^/]+)(\/|$)/.exec(file)
  return match?.[1]
}

/** `src/packages/misc/...` -> 'misc'; undefined outside src/packages. */
export function packageDirOf(file: string): string | undefined {
  const match = /^src\/packages\/([^/]+)(\/|$)/.exec(file)
  return match?.[1]
}

/**
 * The feature's public entries: the folder itself or its index module, and its model module (its
 * stores only, for the main composition, which the screens' hooks read: importing the index there
 * would close a circle).
 */
export function isFeatureEntry(target: string, feature: string): boolean {
  const root = `src/features/${feature}`
  return target === root || target === `${root}/index` || target === `${root}/model`
}

export const within = (file: string, dir: string): boolean => file === dir || file.startsWith(`${dir}/`)
