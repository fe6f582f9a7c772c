/**
 * Files, images and audio for the live chat (spec 001 §3, §4 "Chunked upload", §5, §7; the protocol
 * in types/chatUpload.ts): an upload is declared for a room (init), its bytes come in chunks at the
 * offsets the server asks for, and its last chunk stores the file in the media store
 * (server/content/mediaStore.ts) once its bytes are what its name says. Every rule is the
 * server's: only a logged-in member of the room uploads, only its own upload, only the kinds,
 * names and sizes of uploadRules.ts; the room's sendMsg then takes the stored file only from the
 * account that uploaded it to that room (`fileMessageBody`).
 *
 * A NetEase IM room (NIM_* set, server/outside/nim) has no member records here: there an upload
 * and its send are for a logged-in viewer the live lets watch while it is on (the play rules of
 * server/live/rules.ts), and `sendNetEase` sends the stored file through NetEase's server API in
 * the uploader's name, after asking NetEase whether the room is open and muted (the host and its
 * admins speak in a muted room); NetEase itself refuses a member it muted or blacklisted.
 *
 * Chunks wait in a directory beside the store's files (`.chat-uploads`, which the store never
 * serves), so every machine of a deployment that shares the store's directory takes them.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ChatChunkAnswer, ChatChunkRefusal, ChatFile, ChatFileKind, NetEaseFileMessage } from '../../types/chatUpload'
import { LiveModerationCode } from '../../types/liveModeration'
import { CHAT_FILE_TYPE_CODES, CHAT_UPLOAD_CHUNK, CHAT_UPLOAD_PATH, CHAT_UPLOAD_TOKEN_HEADER, chatUploadCalls } from '../../types/chatUpload'
import type { AppContext } from '../context'
import { AttemptCounter, waitMinutes } from '../core/attempts'
import type { AttemptLimit } from '../core/attempts'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { readerLanguage, textOf, type TextKey } from '../core/messages'
import { acceptFormBodiesOnly } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import type { Db, Queryable } from '../core/sql'
import { MediaRefusal, MediaStore, mediaStoreFromEnv } from '../content/mediaStore'
import { DEFAULT_MEDIA_STORE_DIR } from '../content/routes'
import type { LiveRecord } from '../live/data'
import { playRefusal } from '../live/rules'
import { NimError } from '../outside/nim/client'
import { bytesMatch, checkDeclared, imageSize } from './uploadRules'

/** Uploads one account may start in an hour, and have unfinished at once. */
export const UPLOAD_START_LIMIT: AttemptLimit = { max: 60, windowMs: 3600_000 }
export const UPLOADS_OPEN_MAX = 5
/** An unfinished upload is dropped after a day. */
const UPLOAD_TTL_MS = 24 * 3600_000
/** The bytes read to check a file's kind and an image's size. */
const HEAD_BYTES = 64 * 1024

interface UploadRow {
  uploadId: string
  tokenHash: string
  account: string
  chatroomId: string
  kind: ChatFileKind
  name: string
  ext: string
  size: number
  received: number
  url: string | null
  width: number
  height: number
  /** the id of the NetEase room's message it went in (sendNetEase), once sent */
  nimMsgId: string | null
}

const UPLOAD_COLUMNS = `upload_id AS "uploadId", token_hash AS "tokenHash", account, chatroom_id AS "chatroomId", kind, name, ext, size,
  received, url, width, height, nim_msg_id AS "nimMsgId"`

/** NetEase's refusals of a sender, as the catalogue's sentences (others: NetEase refused, with its code). */
const NIM_SENDER_REFUSALS: Readonly<Record<number, { code: number; key: TextKey }>> = {
  13002: { code: LiveModerationCode.Closed, key: 'chatClosed' },
  13003: { code: ResponseCode.Forbidden, key: 'chatBlacklisted' },
  13004: { code: ResponseCode.Forbidden, key: 'chatMuted' },
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

const fileOf = (row: UploadRow): ChatFile => ({
  type: row.kind,
  url: row.url ?? '',
  ext: row.ext,
  size: row.size,
  name: row.name,
  ...(row.width > 0 && row.height > 0 ? { w: row.width, h: row.height } : {}),
})

/**
 * The body the room stores for a file message (spec 001 §3: the file stored as serialised text):
 * the file `sent` names by its url, when `account` uploaded it to `chatroomId` and it was stored;
 * written from the upload's record, whatever else `sent` says. Null otherwise.
 */
export async function fileMessageBody(q: Queryable, chatroomId: string, account: string, type: number, sent: string): Promise<string | null> {
  let url: unknown
  try {
    url = (JSON.parse(sent) as { url?: unknown }).url
  } catch {
    return null
  }
  if (typeof url !== 'string' || url === '') return null
  const row = await q.one<UploadRow>(`SELECT ${UPLOAD_COLUMNS} FROM chat_uploads WHERE url = ? AND account = ? AND chatroom_id = ?`, [url, account, chatroomId])
  if (!row || CHAT_FILE_TYPE_CODES[row.kind] !== type) return null
  return JSON.stringify(fileOf(row))
}

class ChunkRefused extends Error {
  constructor(
    readonly status: number,
    readonly key: TextKey,
    readonly offset?: number,
  ) {
    super(key)
  }
}

export const chatUploadRoutes: FastifyPluginAsync<AppContext> = async (app, { db, identity, nimRoom, repos: { chatrooms, lives } }) => {
  const store = new MediaStore(mediaStoreFromEnv(process.env, DEFAULT_MEDIA_STORE_DIR))
  const spool = (uploadId: string): string => join(store.settings.dir, '.chat-uploads', uploadId)
  const attempts = new AttemptCounter()

  /** The local room's member who may upload to it: logged in (not anonymous), not blacklisted, the room open. */
  const localUploader = async (chatroomId: string, wmid: string): Promise<void> => {
    const room = await chatrooms.room(chatroomId)
    if (!room) throw ApiRefusal.say(ResponseCode.NotFound, 'chatNoRoom')
    if (room.closed === 1) throw ApiRefusal.say(ResponseCode.Forbidden, 'chatClosed')
    const member = await chatrooms.member(chatroomId, wmid)
    if (!member || member.type === 'anonymous') throw ApiRefusal.say(ResponseCode.Forbidden, 'chatNotLoggedIn')
    if (member.blacked) throw ApiRefusal.say(ResponseCode.Forbidden, 'chatBlacklisted')
  }

  /**
   * The live of a NetEase room and whether `wmid` may speak in it: the live is on (a replay takes
   * no comments, spec 001 §5) and lets this viewer watch (a paid one: its owner or a buyer), or
   * `wmid` is one of its admins.
   */
  const netEaseSpeaker = async (chatroomId: string, wmid: string): Promise<LiveRecord> => {
    const live = await lives.findByChatroom(chatroomId)
    if (!live) throw ApiRefusal.say(ResponseCode.NotFound, 'chatNoRoom')
    if (live.status !== 1) throw ApiRefusal.say(ResponseCode.Forbidden, 'chatClosed')
    // its admins speak in it as on /liveHomeAdmin, bought or not
    if (await lives.isAdmin(wmid, live)) return live
    const refusal = playRefusal(live, { kind: 'user', wmid, bought: await lives.hasBought(wmid, live) })
    if (refusal) throw ApiRefusal.say(refusal.code, refusal.key)
    return live
  }

  await app.register(async (calls) => {
    acceptFormBodiesOnly(calls)
    contractRoute(
      calls,
      chatUploadCalls.init,
      {
        fields: {
          chatroomId: { type: 'string', minLength: 1, maxLength: 64 },
          type: { type: 'string', enum: ['image', 'audio', 'file'] },
          name: { type: 'string', minLength: 1, maxLength: 200 },
          size: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        },
      },
      async (request) => {
        const now = Date.now()
        const { wmid } = await identity.requireViewer(request, now)
        const { chatroomId, name, size } = request.body
        const kind = request.body.type as ChatFileKind
        const declared = checkDeclared(kind, name, size)
        if (typeof declared === 'string') throw ApiRefusal.say(ResponseCode.BadRequest, declared)
        if (nimRoom) await netEaseSpeaker(chatroomId, wmid)
        else await localUploader(chatroomId, wmid)
        await dropStale(db, wmid, now)
        const uploadId = randomBytes(16).toString('hex')
        const token = randomBytes(24).toString('base64url')
        const started = await db.transaction(async (tx): Promise<number> => {
          const bucket = `chat-upload:${wmid}`
          const wait = await attempts.waitMs(tx, bucket, UPLOAD_START_LIMIT, now)
          if (wait > 0) return wait
          const open = await tx.one<{ n: number }>('SELECT count(*) AS n FROM chat_uploads WHERE account = ? AND url IS NULL', [wmid])
          if ((open?.n ?? 0) >= UPLOADS_OPEN_MAX) return -1
          await attempts.add(tx, [{ bucket, windowMs: UPLOAD_START_LIMIT.windowMs }], now)
          await tx.run(
            `INSERT INTO chat_uploads (upload_id, token_hash, account, chatroom_id, kind, name, ext, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [uploadId, sha256(token), wmid, chatroomId, kind, name, declared.ext, size, now],
          )
          return 0
        })
        if (started === -1) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatUploadTooManyOpen', { max: UPLOADS_OPEN_MAX })
        if (started > 0) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatUploadTooMany', { minutes: waitMinutes(started) })
        return ok({ object: { uploadId, token, chunkSize: CHAT_UPLOAD_CHUNK } })
      },
    )

    contractRoute(
      calls,
      chatUploadCalls.sendNetEase,
      {
        fields: {
          chatroomId: { type: 'string', minLength: 1, maxLength: 64 },
          url: { type: 'string', minLength: 1, maxLength: 300 },
          // NetEase's msgId: the client's id, by which the room's clients take it once
          idClient: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\w.-]+$' },
        },
      },
      async (request) => {
        if (!nimRoom) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatNotNetEase')
        const { wmid } = await identity.requireViewer(request, Date.now())
        const { chatroomId, url, idClient } = request.body
        const live = await netEaseSpeaker(chatroomId, wmid)
        // the sender's uploads of this file to this room (the store keeps one copy of the same bytes, so one url may be several uploads)
        const rows = await db.all<UploadRow>(`SELECT ${UPLOAD_COLUMNS} FROM chat_uploads WHERE url = ? AND account = ? AND chatroom_id = ? ORDER BY created_at`, [url, wmid, chatroomId])
        if (rows.length === 0) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatFileNotUploaded')
        const room = await nimCall(request, chatroomId, () => nimRoom.api.room(chatroomId))
        if (!room.valid) throw ApiRefusal.say(LiveModerationCode.Closed, 'chatClosed')
        if (room.muted && live.wmid !== wmid && !(await lives.isAdmin(wmid, live))) throw ApiRefusal.say(ResponseCode.Forbidden, 'chatRoomMuted')
        const row = await claimUpload(rows, idClient)
        if (!row) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatFileAlreadySent')
        // NetEase's clients (the native app's too) load the file from its attach: an absolute url, at the server the sender called
        const file = { ...fileOf(row), url: absoluteUrl(publicOrigin(request), url) }
        const sent = await nimCall(request, chatroomId, () => nimRoom.api.sendMessage(chatroomId, idClient, wmid, CHAT_FILE_TYPE_CODES[row.kind], JSON.stringify(file), row.nimMsgId === idClient))
        const message: NetEaseFileMessage = { idClient: sent.idClient, from: sent.from, fromNick: sent.fromNick, fromAvatar: sent.fromAvatar, time: sent.time, type: sent.type, attach: file }
        return ok({ object: message })
      },
    )
  })

  /**
   * One message per upload, under the id it first went with: the upload this id went with before (a
   * retry, a resend NetEase stores once), else one not sent yet, claimed in one statement so that of
   * sends at once under different ids one takes it. Undefined when every one went in another message.
   */
  async function claimUpload(rows: readonly UploadRow[], idClient: string): Promise<UploadRow | undefined> {
    const retried = rows.find((r) => r.nimMsgId === idClient)
    if (retried) return retried
    for (const row of rows.filter((r) => r.nimMsgId === null)) {
      if ((await db.run('UPDATE chat_uploads SET nim_msg_id = ? WHERE upload_id = ? AND nim_msg_id IS NULL', [idClient, row.uploadId])) === 1) return row
    }
    return undefined
  }

  /** A call to NetEase's server API; its refusal of the sender or the room as the catalogue's sentence. */
  async function nimCall<T>(request: FastifyRequest, chatroomId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof NimError)) throw error
      request.log.warn({ err: error, chatroomId }, 'NetEase IM refused a file message')
      const known = NIM_SENDER_REFUSALS[error.code]
      if (known) throw ApiRefusal.say(known.code, known.key)
      throw ApiRefusal.say(LiveModerationCode.NetEaseRefused, 'chatNetEaseRefused', { code: error.code })
    }
  }

  await app.register(async (chunks) => {
    chunks.removeAllContentTypeParsers()
    chunks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_UPLOAD_CHUNK }, (_request, body, done) => done(null, body))

    const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: ChunkRefused): FastifyReply => {
      const language = readerLanguage(request.headers['accept-language'])
      const answer: ChatChunkRefusal = { errCode: refusal.status, errMsg: textOf(refusal.key, language), ...(refusal.offset === undefined ? {} : { offset: refusal.offset }) }
      return reply.code(refusal.status).send(answer)
    }

    chunks.post<{ Params: { uploadId: string }; Querystring: Record<string, string | undefined>; Body: Buffer }>(
      `${CHAT_UPLOAD_PATH}/:uploadId`,
      {
        errorHandler: (error, request, reply) => {
          const tooLarge = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          void refuse(request, reply, new ChunkRefused(tooLarge ? 413 : 400, tooLarge ? 'chatUploadChunkTooLarge' : 'chatUploadBadChunk'))
        },
      },
      async (request, reply) => {
        try {
          return await chunk(request)
        } catch (error) {
          if (error instanceof ChunkRefused) return refuse(request, reply, error)
          if (error instanceof ApiRefusal && error.code === ResponseCode.SessionExpired) return refuse(request, reply, new ChunkRefused(401, 'loginExpired'))
          if (error instanceof MediaRefusal) return refuse(request, reply, new ChunkRefused(413, 'chatUploadTooLarge'))
          throw error
        }
      },
    )
  })

  /** One chunk: the uploader's own upload, at the offset it is at; the last one stores the file. */
  async function chunk(request: FastifyRequest<{ Params: { uploadId: string }; Querystring: Record<string, string | undefined>; Body: Buffer }>): Promise<ChatChunkAnswer> {
    const { wmid } = await identity.requireViewer(request, Date.now())
    const { uploadId } = request.params
    const token = request.headers[CHAT_UPLOAD_TOKEN_HEADER]
    const row = /^[0-9a-f]{32}$/.test(uploadId) ? await db.one<UploadRow>(`SELECT ${UPLOAD_COLUMNS} FROM chat_uploads WHERE upload_id = ?`, [uploadId]) : undefined
    // another account's upload, or one with another token, is answered as one that does not exist
    if (!row || row.account !== wmid || typeof token !== 'string' || sha256(token) !== row.tokenHash) throw new ChunkRefused(404, 'chatUploadUnknown')
    if (row.url !== null) return { offset: row.size, context: uploadId, file: fileOf(row) }
    const offset = /^[0-9]{1,16}$/.test(request.query.offset ?? '') ? Number(request.query.offset) : NaN
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    if (offset !== row.received || (request.query.context !== undefined && request.query.context !== '' && request.query.context !== uploadId)) {
      throw new ChunkRefused(409, 'chatUploadWrongOffset', row.received)
    }
    if (body.length === 0) throw new ChunkRefused(400, 'chatUploadBadChunk', row.received)
    const next = offset + body.length
    if (next > row.size) throw new ChunkRefused(413, 'chatUploadOverDeclared', row.received)
    if (request.query.complete === 'true' && next !== row.size) throw new ChunkRefused(400, 'chatUploadIncomplete', row.received)
    const dir = spool(uploadId)
    await mkdir(dir, { recursive: true })
    const part = join(dir, String(offset).padStart(16, '0'))
    try {
      // one chunk per offset: the same chunk sent twice at once is written once
      await writeFile(part, body, { flag: 'wx' })
    } catch {
      throw new ChunkRefused(409, 'chatUploadWrongOffset', row.received)
    }
    const moved = await db.run('UPDATE chat_uploads SET received = ? WHERE upload_id = ? AND received = ? AND url IS NULL', [next, uploadId, offset])
    if (moved !== 1) {
      await rm(part, { force: true })
      throw new ChunkRefused(409, 'chatUploadWrongOffset', row.received)
    }
    if (next < row.size) return { offset: next, context: uploadId }
    return { offset: next, context: uploadId, file: await finish({ ...row, received: next }) }
  }

  /** The upload's chunks, in order, into the media store, once its first bytes are what its name says. */
  async function finish(row: UploadRow): Promise<ChatFile> {
    const dir = spool(row.uploadId)
    const parts = (await readdir(dir)).sort()
    const head = Buffer.alloc(Math.min(HEAD_BYTES, row.size))
    const first = await open(join(dir, parts[0]), 'r')
    try {
      await first.read(head, 0, head.length, 0)
    } finally {
      await first.close()
    }
    if (!bytesMatch(row.ext, head)) {
      await db.run('DELETE FROM chat_uploads WHERE upload_id = ?', [row.uploadId])
      await rm(dir, { recursive: true, force: true })
      throw new ChunkRefused(415, 'chatUploadBadContent')
    }
    const joined = Readable.from(
      (async function* () {
        for (const part of parts) yield* createReadStream(join(dir, part))
      })(),
    )
    const url = await store.put(joined, row.ext)
    const size = row.kind === 'image' ? imageSize(row.ext, head) : null
    await db.run('UPDATE chat_uploads SET url = ?, width = ?, height = ? WHERE upload_id = ? AND url IS NULL', [url, size?.w ?? 0, size?.h ?? 0, row.uploadId])
    await rm(dir, { recursive: true, force: true })
    return fileOf({ ...row, url, width: size?.w ?? 0, height: size?.h ?? 0 })
  }

  /** This account's unfinished uploads older than a day, with their chunks. */
  async function dropStale(q: Db, account: string, now: number): Promise<void> {
    const stale = await q.all<{ uploadId: string }>('SELECT upload_id AS "uploadId" FROM chat_uploads WHERE account = ? AND url IS NULL AND created_at < ?', [account, now - UPLOAD_TTL_MS])
    for (const { uploadId } of stale) {
      await q.run('DELETE FROM chat_uploads WHERE upload_id = ?', [uploadId])
      await rm(spool(uploadId), { recursive: true, force: true })
    }
  }
}
