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
      fs.writeFileSync(`${output}.modules.json`, `${JSON.stringify(map, null, 1)}\n`)
    })
  }
}
