import zlib from 'zlib'
import { Compilation, sources } from 'webpack'
import type { Compiler } from 'webpack'

/** Text files worth compressing; images and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|json|svg)$/
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset
 * of the H5 build, so the server sends them as they are (`preCompressed` in server/core/siteFiles.ts)
 * instead of compressing on every request or sending raw bytes.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [file, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(file)) continue
            const content = source.buffer()
            if (content.length < MIN_BYTES) continue
            const brotli = zlib.brotliCompressSync(content, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            })
            compilation.emitAsset(`${file}.br`, new sources.RawSource(brotli))
            compilation.emitAsset(`${file}.gz`, new sources.RawSource(zlib.gzipSync(content, { level: 9 })))
          }
        },
      )
    })
  }
}
