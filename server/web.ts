import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ResponseCode } from '../types/api'
import { SESSION_HEADER_NAMES } from '../types/session'
import { fail, isApiPath } from './envelope'

export interface WebOptions {
  /** the built H5 site (dist/h5) */
  staticDir: string
  /** avatars, covers and message media served at /media/ */
  mediaDir: string
}

const MEDIA_PREFIX = '/media/'

/** Paths that name a file: a missing one is a 404, never the app shell. */
const ASSET_PATH = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|mp3|m4a|aac|wav|amr|mp4|txt)$/i

const BUILD_HINT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lesson companion</title></head>
<body><h1>The H5 site is not built yet</h1>
<p>Run <code>npm run build:h5</code>, then reload this page. The API is already answering under <code>/wmim/</code>.</p>
</body></html>
`

/**
 * The non-API side of the server: CORS for the mini-program devtools and the H5 dev server
 * (which run on other origins), /media/ files with range support, and the built H5 site with a
 * history fallback so deep links such as /lesson/1?data=… load the app shell.
 */
export async function registerWeb(app: FastifyInstance, { staticDir, mediaDir }: WebOptions): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-allow-methods', 'POST, OPTIONS')
      reply.header('access-control-allow-headers', ['content-type', ...SESSION_HEADER_NAMES].join(', '))
      reply.header('access-control-max-age', '86400')
    } else if (request.url.startsWith(MEDIA_PREFIX)) {
      // the app downloads voice files as binary (amr conversion), which needs CORS in H5
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', 'content-length, content-range, accept-ranges')
    }
  })
  app.options('/*', async (_request, reply) => reply.status(204).send())

  await app.register(fastifyStatic, { root: staticDir, prefix: '/', suppressWarning: true })
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
  })

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0]
    const page = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)
    if (page && !path.startsWith(MEDIA_PREFIX) && !ASSET_PATH.test(path)) {
      if (!existsSync(join(staticDir, 'index.html'))) return reply.type('text/html; charset=utf-8').send(BUILD_HINT_PAGE)
      // the shell must be revalidated: a stale one would point at scripts of an older build
      return reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir, { cacheControl: false })
    }
    return reply.status(404).send(fail(ResponseCode.NotFound, `not found: ${request.method} ${path}`))
  })
}
