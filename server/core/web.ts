import { existsSync, readFileSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { SESSION_HEADER_NAMES } from '../../types/session'
import { fail, isApiPath } from './envelope'
import { readerLanguage, textOf } from './messages'
import { firstScreenStyle, withFirstScreen } from './firstScreen'
import { resizedImage } from './imageResize'
import { siteFileOptions } from './siteFiles'

export interface WebOptions {
  /** the built H5 site (dist/h5) */
  staticDir: string
  /** avatars, covers and message media served at /media/ */
  mediaDir: string
  /** the first screen a page request gets in its shell (core/firstScreen.ts), undefined for none */
  firstScreen?: (request: FastifyRequest) => Promise<string | undefined>
}

const MEDIA_PREFIX = '/media/'

/** The storage's snapshot processor as `videoPosterUrl` (src/domain/message/url.ts) calls it. */
const SNAPSHOT_PROCESS = 'video/snapshot'
const VIDEO_FILE = /\.mp4$/i

/** Paths that name a file: a missing one is a 404, never the app shell. */
const ASSET_PATH = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|mp3|m4a|aac|wav|amr|mp4|txt)$/i

/**
 * Stands in for OSS video snapshots: `/media/video/demo.mp4?x-oss-process=video/snapshot,t_1000,…`
 * names the poster committed beside the video, `video/demo.poster.jpg` (whatever the offset: the
 * demo posters are first frames). Undefined when the URL asks for no snapshot or there is no poster.
 */
function snapshotPoster(url: string, mediaDir: string): string | undefined {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return undefined
  const processing = new URLSearchParams(url.slice(queryAt + 1)).get('x-oss-process')
  const path = url.slice(MEDIA_PREFIX.length, queryAt)
  if (!processing?.startsWith(SNAPSHOT_PROCESS) || !VIDEO_FILE.test(path)) return undefined
  // still URL-encoded: sendFile decodes it as it does any request path
  const poster = path.replace(VIDEO_FILE, '.poster.jpg')
  let file: string
  try {
    file = resolve(mediaDir, decodeURIComponent(poster))
  } catch {
    return undefined
  }
  return file.startsWith(resolve(mediaDir) + sep) && existsSync(file) ? poster : undefined
}

export const BUILD_HINT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lesson companion</title></head>
<body><h1>The H5 site is not built yet</h1>
<p>Run <code>npm run build:h5</code>, then reload this page. The API is already answering under <code>/wmim/</code>.</p>
</body></html>
`

/**
 * A page written for this request, gzipped when the browser takes it (the built files are
 * precompressed). Its words follow the reader's language and its content the browser (WeChat's
 * gets none): a cache keeps one per each.
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, user-agent')
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html)
  return reply.header('content-encoding', 'gzip').send(gzipSync(html))
}

/** A page of the app (not a call, a media file or an asset): a GET of it answers the app shell. */
export function answersAppShell(method: string, path: string): boolean {
  const read = method === 'GET' || method === 'HEAD'
  return read && !isApiPath(path) && !path.startsWith(MEDIA_PREFIX) && !ASSET_PATH.test(path)
}

/**
 * The non-API side of the server: CORS for the mini-program devtools and the H5 dev server
 * (which run on other origins), /media/ files with range support and video posters, and the
 * built H5 site with a history fallback so deep links such as /lesson/1?data=… load the app shell.
 */
export async function registerWeb(app: FastifyInstance, { staticDir, mediaDir, firstScreen }: WebOptions): Promise<void> {
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
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith(MEDIA_PREFIX)) return
    const processed = snapshotPoster(request.url, mediaDir) ?? resizedImage(request.url, mediaDir)
    if (processed !== undefined) return reply.sendFile(processed, mediaDir)
  })
  app.options('/*', async (_request, reply) => reply.status(204).send())

  await app.register(fastifyStatic, { root: staticDir, prefix: '/', ...siteFileOptions })
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
  })

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0]
    if (answersAppShell(request.method, path)) {
      if (!existsSync(join(staticDir, 'index.html'))) return reply.type('text/html; charset=utf-8').send(BUILD_HINT_PAGE)
      // the shell must be revalidated: a stale one would point at scripts of an older build
      reply.header('cache-control', 'no-cache')
      const markup = await firstScreen?.(request)
      const page = markup === undefined ? undefined : withFirstScreen(readFileSync(join(staticDir, 'index.html'), 'utf8'), markup, firstScreenStyle(staticDir))
      if (page !== undefined) return sendHtml(request, reply, page)
      return reply.sendFile('index.html', staticDir, { cacheControl: false })
    }
    return reply.status(404).send(fail(ResponseCode.NotFound, textOf('unknownCall', readerLanguage(request.headers['accept-language']), { method: request.method, path })))
  })
}
