import type { FastifyStaticOptions } from '@fastify/static'

/**
 * Files the H5 build names by content hash (`js/[name].[contenthash:8].js`, config/index.ts), with
 * the `.br`/`.gz` copies sent in their place: their content never changes under that name.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.(?:js|css)(?:\.(?:br|gz))?$/

/**
 * How the built H5 site's files are sent: the brotli or gzip copy the build wrote beside each
 * text file (config/precompress.ts) when the browser accepts it, hashed files cached for a year
 * as immutable, and everything else (index.html above all, which names the current hashes)
 * revalidated on every load.
 */
export const siteFileOptions: Pick<FastifyStaticOptions, 'preCompressed' | 'cacheControl' | 'setHeaders'> = {
  preCompressed: true,
  cacheControl: false,
  setHeaders(res, path) {
    res.setHeader('vary', 'accept-encoding')
    res.setHeader('cache-control', CONTENT_HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache')
  },
}
