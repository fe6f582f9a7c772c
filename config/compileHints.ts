import { Compilation, sources } from 'webpack'
import type { Compiler } from 'webpack'

/** V8's explicit compile hint: compile every function of the file eagerly, off the main thread. */
const HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the scripts a page needs to start (the entry's and each page's own chunks) with V8's
 * explicit compile hint (Chromium 136+; other engines read a comment). V8 then compiles all their
 * functions on a background thread while they download, instead of compiling each one lazily on
 * the main thread the first time it runs, which is most of the H5 start-up on a slow phone
 * (issue 16: first message -190 ms under 4x CPU throttling, paired runs). Lazy parts (dialogs,
 * players, the gallery) keep lazy compilation.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after minification (which drops comments), before hashing and compression
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of startFiles(compilation)) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source))
          }
        },
      )
    })
  }
}

/** The entry's scripts and the scripts of each page's chunk group (Taro imports pages as `./…/index`). */
function startFiles(compilation: Compilation): Set<string> {
  const files = new Set<string>()
  for (const group of compilation.chunkGroups) {
    const isPage = group.origins.some((origin) => /^\.\/.+\/index$/.test(origin.request ?? ''))
    if (!group.isInitial() && !isPage) continue
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file)
  }
  if (files.size === 0) throw new Error('CompileHintsPlugin found no start-up script')
  return files
}
