import fs from 'fs'
import path from 'path'
import type { Compiler, Module } from 'webpack'

/** What one emitted file of a build holds: the project's source modules bundled into it. */
export type ModuleMap = Record<string, string[]>

/** Source files (relative to the project, posix) a webpack module stands for, through concatenation. */
function sourcesOf(module: Module, root: string): string[] {
  const inner = (module as Module & { modules?: Module[] }).modules
  if (inner) return inner.flatMap((m) => sourcesOf(m, root))
  const resource = (module as Module & { resource?: string }).resource
  if (!resource || resource.includes(`${path.sep}node_modules${path.sep}`)) return []
  return [path.relative(root, resource.split('?')[0]).split(path.sep).join('/')]
}

/**
 * Code several subpackages share is a webpack chunk named `sub-common/<hash>.js`, which Taro's mini
 * split-chunks step writes into each of those subpackages (`packages/<pkg>/sub-common/<hash>.js`),
 * not at the root: the map names the copies where they are.
 */
function placeSubpackageCommons(map: ModuleMap, output: string): void {
  const packagesDir = path.join(output, 'packages')
  const roots = fs.existsSync(packagesDir) ? fs.readdirSync(packagesDir).map((name) => `packages/${name}`) : []
  for (const file of Object.keys(map).filter((f) => f.startsWith('sub-common/'))) {
    const copies = roots.filter((root) => fs.existsSync(path.join(output, root, file)))
    if (copies.length === 0) continue
    for (const root of copies) map[`${root}/${file}`] = map[file]
    delete map[file]
  }
}

/**
 * Writes `<output>.modules.json` beside the build (never inside it, so it is no part of the
 * mini-program): for every emitted JS file, the source modules in it. The weapp tests read it to prove
 * that the main package carries no code of another package's features.
 */
export class ModuleMapPlugin {
  constructor(private readonly root: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('ModuleMapPlugin', (compilation) => {
      const map: ModuleMap = {}
      for (const chunk of compilation.chunks) {
        const sources = [...new Set(compilation.chunkGraph.getChunkModules(chunk).flatMap((m) => sourcesOf(m, this.root)))].sort()
        for (const file of chunk.files) {
          if (file.endsWith('.js')) map[file] = [...(map[file] ?? []), ...sources]
        }
      }
      const output = compilation.outputOptions.path ?? compiler.outputPath
      placeSubpackageCommons(map, output)
      fs.writeFileSync(`${output}.modules.json`, `${JSON.stringify(map, null, 1)}\n`)
    })
  }
}
