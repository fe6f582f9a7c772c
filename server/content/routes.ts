/**
 * The authoring API the chat app calls (docs/EXPORT_FORMAT.md, "The authoring API"), and the
 * media store's files when this server serves them. Every call is signed with the author's key
 * (authorKeys.ts); a body is spooled to a temporary file while it is hashed, so a large export
 * never sits in memory, and is read only once the signature over its hash is good.
 *
 *   PUT  /content/v1/media?ext=mp3   the file's bytes: stored in the media store, answers its URL
 *   POST /content/v1/lessons         an export (application/x-ndjson: JSON lines; application/json):
 *                                    imports it as a lesson of the key's author (importer.ts)
 *   POST /content/v1/lessons/:courseData/settings   JSON of the settings to change (lessonEdits.ts)
 *   DELETE /content/v1/lessons/:courseData          deletes the author's lesson (one nobody ordered)
 *   PUT  /content/v1/albums          JSON of an album of the author's lessons (albums.ts)
 *   PUT  /content/v1/groups          JSON of the author's group, free or paid (invites.ts)
 *   POST /content/v1/invites         {kind: qr|password, gid?}: a new invitation's payload
 *   PUT  /content/v1/vip/groups      {groupId, name, memberCount}: the VIP campaign's group and link
 *   PUT  /content/v1/lives           JSON of the host's live: schedule, status, free or paid, replay (lives.ts)
 *
 * Answers are the envelope every call answers, with the HTTP status set too: 200 with data; 400
 * with the export's place (`data`: at, msgId, field) and why; 401 for a request not signed
 * right, or sent twice; 403 for another author's lesson; 404 for none; 409 for a lesson with orders;
 * 413 for a body over the limit.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { fail, ok } from '../core/envelope'
import { readerLanguage } from '../core/messages'
import { AUTH_HEADERS, AuthRefusal, AuthorKeys, type Signer } from './authorKeys'
import { ExportError, MEDIA_EXTENSIONS, said, sayIn } from './format'
import { importExport } from './importer'
import { LessonEditRefusal, deleteLesson, editSettings } from './lessonEdits'
import { MediaRefusal, MediaStore, mediaStoreFromEnv } from './mediaStore'
import { RECORD_WRITERS, type RecordKind } from './records'

/** An export sent to the API may be this large (JSON lines; a JSON document has its own bound). */
export const MAX_EXPORT_BYTES = 1024 * 1024 * 1024

/** The media store's directory when MEDIA_STORE_DIR is unset: beside the default SQLite file. */
export const DEFAULT_MEDIA_STORE_DIR = resolve(__dirname, '..', 'data', 'media')

/** A settings body is a small JSON object. */
const MAX_SETTINGS_BYTES = 4096
/** An album of 500 lessons fits. */
const MAX_ALBUM_BYTES = 256 * 1024

/** A JSON body, or undefined when it is not JSON (the reader names the field). */
function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** A body over its limit (413). */
class TooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the body is over ${maxBytes} bytes`)
  }
}

/** The settings body: a JSON object, or an ExportError naming it. */
function settingsOf(text: string): Record<string, unknown> {
  const value = jsonBody(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ExportError({ at: said('contentAtRequest'), field: '(body)' }, said('contentSettingsBody'))
  }
  return value as Record<string, unknown>
}

/** The body, written to a temporary file while its sha-256 is taken; over `maxBytes` it is refused. */
async function spool(body: Readable, maxBytes: number, extension: string): Promise<{ path: string; sha256: string }> {
  const path = join(tmpdir(), `lesson-content-${randomUUID()}.${extension}`)
  const hash = createHash('sha256')
  let bytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > maxBytes) return done(new TooLarge(maxBytes))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(body, counter, createWriteStream(path))
  } catch (error) {
    await rm(path, { force: true })
    throw error
  }
  return { path, sha256: hash.digest('hex') }
}

function bodyOf(request: FastifyRequest): Readable {
  return request.body instanceof Readable ? request.body : request.raw
}

export const contentRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const store = new MediaStore(mediaStoreFromEnv(process.env, DEFAULT_MEDIA_STORE_DIR))
  const keys = new AuthorKeys(context.db)
  if (store.settings.publicBase.startsWith('/media/')) {
    // this server is the media store's web server (a CDN's base: the CDN serves them)
    await app.register(fastifyStatic, {
      root: store.settings.dir,
      prefix: `${store.settings.publicBase}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      immutable: true,
      maxAge: '365d',
      // a file is what its extension says, never sniffed into something a browser runs
      setHeaders: (res) => {
        res.setHeader('x-content-type-options', 'nosniff')
      },
    })
  }
  // the bodies here are streams the routes read themselves
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  /** Runs `work` for the signed request's author with its spooled body; every refusal answered here. */
  const signed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    maxBytes: number,
    extension: string,
    work: (signer: Signer, body: string) => Promise<object>,
  ): Promise<FastifyReply> => {
    let body: { path: string; sha256: string } | undefined
    try {
      // the signature is checked before a byte of the body is read: nobody without a key makes
      // this server store anything; the body must then have the hash the signature covers
      const claimed = request.headers[AUTH_HEADERS.contentSha256]
      if (typeof claimed !== 'string' || !/^[0-9a-f]{64}$/.test(claimed)) throw new AuthRefusal(said('contentAuthHash', { name: AUTH_HEADERS.contentSha256 }))
      const signer = await keys.verify(request.headers, request.method, request.url, claimed, Date.now())
      body = await spool(bodyOf(request), maxBytes, extension)
      if (body.sha256 !== claimed) throw new AuthRefusal(said('contentAuthBody', { name: AUTH_HEADERS.contentSha256 }))
      return await reply.send(ok(await work(signer, body.path)))
    } catch (error) {
      // in the reader's language (Accept-Language), as every refusal of this server
      const language = readerLanguage(request.headers['accept-language'])
      if (error instanceof AuthRefusal) return reply.status(401).send(fail(401, sayIn(language, error.why)))
      if (error instanceof TooLarge) return reply.status(413).send(fail(413, sayIn(language, said('contentBodyTooLarge', { max: error.maxBytes }))))
      if (error instanceof LessonEditRefusal) return reply.status(error.status).send(fail(error.status, sayIn(language, error.why)))
      if (error instanceof MediaRefusal) return reply.status(400).send(fail(400, sayIn(language, said('contentTheFile', { reason: sayIn(language, error.why) }))))
      if (error instanceof ExportError) {
        const { msg, data } = error.in(language)
        return reply.status(400).send({ code: 400, msg, data })
      }
      throw error
    } finally {
      if (body) await rm(body.path, { force: true })
    }
  }

  app.put<{ Querystring: { ext?: string } }>('/content/v1/media', async (request, reply) => {
    const extension = String(request.query.ext ?? '')
    if (!MEDIA_EXTENSIONS.has(extension)) {
      const language = readerLanguage(request.headers['accept-language'])
      return reply.status(400).send(fail(400, sayIn(language, said('contentMediaExt', { types: [...MEDIA_EXTENSIONS].join(', ') }))))
    }
    return signed(request, reply, store.settings.maxBytes, extension, async (_signer, path) => ({ url: await store.putFile(path, extension) }))
  })

  app.post('/content/v1/lessons', async (request, reply) => {
    const kind = /json-?lines|ndjson/i.test(request.headers['content-type'] ?? '') ? 'jsonl' : 'json'
    return signed(request, reply, MAX_EXPORT_BYTES, kind, async (signer, path) => {
      const result = await importExport(context.db, store, path, { author: signer.wmid, media: 'urls', kind })
      return { ...result, link: `/lesson?courseData=${result.courseData}` }
    })
  })

  app.post<{ Params: { courseData: string } }>('/content/v1/lessons/:courseData/settings', async (request, reply) =>
    signed(request, reply, MAX_SETTINGS_BYTES, 'json', async (signer, path) => {
      const changes = settingsOf(await readFile(path, 'utf8'))
      return editSettings(context.db, request.params.courseData, { author: signer.wmid }, changes)
    }),
  )

  app.delete<{ Params: { courseData: string } }>('/content/v1/lessons/:courseData', async (request, reply) =>
    signed(request, reply, 0, 'empty', async (signer) => {
      await deleteLesson(context.db, request.params.courseData, { author: signer.wmid })
      return { deleted: request.params.courseData }
    }),
  )

  // the content other than lessons: one writer each (records.ts), as the operator's command runs them
  const recordRoutes: Array<[method: 'PUT' | 'POST', url: string, kind: RecordKind, maxBytes: number]> = [
    ['PUT', '/content/v1/albums', 'album', MAX_ALBUM_BYTES],
    ['PUT', '/content/v1/groups', 'group', MAX_SETTINGS_BYTES],
    ['POST', '/content/v1/invites', 'invite', MAX_SETTINGS_BYTES],
    ['PUT', '/content/v1/vip/groups', 'vip-group', MAX_SETTINGS_BYTES],
    ['PUT', '/content/v1/lives', 'live', MAX_SETTINGS_BYTES],
  ]
  for (const [method, url, kind, maxBytes] of recordRoutes) {
    app.route({
      method,
      url,
      handler: (request, reply) =>
        signed(request, reply, maxBytes, 'json', async (signer, path) =>
          RECORD_WRITERS[kind](context.db, signer.wmid, jsonBody(await readFile(path, 'utf8')), store, Date.now()),
        ),
    })
  }
}
