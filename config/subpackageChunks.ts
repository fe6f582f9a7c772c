import type { Chunk, Compilation, Compiler } from 'webpack'

/**
 * Dynamic `import()` in the mini-program (issue 36 item 3). Taro's babel preset turns every import()
 * into a plain require, so the module lands in the main package; babel.config.js keeps import() for
 * the mini-program, webpack writes the imported code as a chunk of its own under the subpackage its
 * name gives (`packages/<root>/…`), and this plugin makes webpack's runtime fetch such a chunk with
 * WeChat's cross-package require (分包异步化, `require.async`, base library 2.11.2), which downloads
 * that subpackage and runs the chunk's file. webpack's own loader appends a <script> to a document the
 * mini-program does not have.
 *
 * Each chunk's path is written literally, relative to runtime.js at the package root, so WeChat's
 * upload sees which file each require.async needs. The build fails for a deferred chunk outside a
 * subpackage (it would be one more file of the main package) and for one with styles (import them
 * where the chunk is imported: a subpackage's stylesheet never reaches the main package's pages).
 */
export class SubpackageChunksPlugin {
  apply(compiler: Compiler): void {
    const { RuntimeGlobals, RuntimeModule, Template } = compiler.webpack

    class RequireAsyncRuntimeModule extends RuntimeModule {
      constructor() {
        super('load a chunk with require.async')
      }

      override generate(): string {
        const compilation = this.compilation as Compilation
        const loaders = [...compilation.chunks]
          .filter((chunk) => !chunk.canBeInitial())
          .map((chunk) => `${JSON.stringify(chunk.id)}: function () { return require.async(${JSON.stringify(`./${chunkFile(compilation, chunk)}`)}) }`)
        return Template.asString([
          `var loaders = {${loaders.join(', ')}};`,
          `${RuntimeGlobals.loadScript} = function (url, done, key, chunkId) {`,
          Template.indent([
            'var loaded = function (type) { return function () { done({ type: type, target: { src: url } }) } };',
            "if (!loaders[chunkId]) return loaded('missing')();",
            "loaders[chunkId]().then(loaded('load'), loaded('error'));",
          ]),
          '};',
        ])
      }
    }

    compiler.hooks.compilation.tap('SubpackageChunksPlugin', (compilation) => {
      // ahead of webpack's RuntimePlugin, whose loader this one replaces (the hook stops at the first answer)
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.loadScript).tap('SubpackageChunksPlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new RequireAsyncRuntimeModule())
        return true
      })
      compilation.hooks.afterOptimizeChunks.tap('SubpackageChunksPlugin', (chunks) => {
        for (const chunk of chunks) {
          if (chunk.canBeInitial()) continue
          const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)]
          const names = (list: typeof modules) => list.map((m) => m.readableIdentifier(compilation.requestShortener)).join(', ')
          if (!chunk.name?.startsWith('packages/')) {
            throw new Error(`A chunk loaded on demand must live in a subpackage (webpackChunkName "packages/<root>/<name>"): ${chunk.name ?? String(chunk.id)} holds ${names(modules)}`)
          }
          // a subpackage's stylesheet never reaches the main package's pages, and webpack would wait for a <link>
          const styles = modules.filter((m) => m.type === 'css/mini-extract')
          if (styles.length > 0) {
            throw new Error(`A chunk loaded on demand carries styles, which must stay with the code that imports it: ${chunk.name} holds ${names(styles)}`)
          }
        }
      })
    })
  }
}

function chunkFile(compilation: Compilation, chunk: Chunk): string {
  const template = compilation.outputOptions.chunkFilename
  if (typeof template !== 'string') throw new Error('SubpackageChunksPlugin expects a string output.chunkFilename')
  return compilation.getPath(template, { chunk, contentHashType: 'javascript' })
}
