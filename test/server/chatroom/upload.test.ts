/**
 * Issue 34 item 6, the server: files, images and audio in the live chat (spec 001 §3 "File
 * message", §4 "Chunked upload", §5 the 50 MB audio limit, §8 an upload answer with errCode/errMsg is
 * an error). Hostile uploads are refused by the server whatever the client says: too large, the wrong
 * type (by name and by content), path tricks, another member's upload id or token, chunks out of
 * order or twice at once, and a file message naming a file the sender did not upload to the room.
 * On SQLite, and on PostgreSQL when the engines run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../../types/api'
import type { ChatChunkAnswer, ChatChunkRefusal, ChatFile, ChatUploadTicket } from '../../../types/chatUpload'
import { CHAT_UPLOAD_CHUNK, CHAT_UPLOAD_PATH, chatUploadCalls } from '../../../types/chatUpload'
import type { WireMessage } from '../../../types/chatroom'
import { ChatroomCode } from '../../../types/chatroom'
import { textOf } from '../../../server/core/messages'
import { BUYER, TEACHER, VISITOR, post } from '../helpers'
import { ROOM, RoomServer } from './harness'
import { RoomSocket } from './roomSocket'

const store = mkdtempSync(join(tmpdir(), 'chat-media-'))
const before = process.env.MEDIA_STORE_DIR
process.env.MEDIA_STORE_DIR = store
afterAll(() => {
  process.env.MEDIA_STORE_DIR = before
  rmSync(store, { recursive: true, force: true })
})

const server = new RoomServer()
const sockets: RoomSocket[] = []
let app: FastifyInstance
beforeEach(async () => {
  await server.start()
  if (!server.app) throw new Error('no app')
  app = server.app
  // the buyer entered the room (an upload is for a room's logged-in member)
  await member(BUYER)
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.dispose()
})

/** A member of the test room, logged in with the app's session. */
async function member(session: { userid: string; token: string }): Promise<RoomSocket> {
  const socket = await RoomSocket.open(server.url)
  sockets.push(socket)
  await socket.command('login', { chatroomId: ROOM, anonymous: false, account: session.userid, token: session.token })
  return socket
}

/** A PNG of w x h pixels: its signature and header, then filler to `bytes`. */
function png(w: number, h: number, bytes = 2000): Buffer {
  const head = Buffer.alloc(24)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head)
  head.writeUInt32BE(13, 8)
  head.write('IHDR', 12)
  head.writeUInt32BE(w, 16)
  head.writeUInt32BE(h, 20)
  return Buffer.concat([head, Buffer.alloc(bytes - 24, 7)])
}
const mp3 = (bytes: number): Buffer => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(bytes - 3, 1)])

const init = (fields: { type: string; name: string; size: number; chatroomId?: string }, session: Record<string, string> = BUYER) =>
  post<ObjectData<ChatUploadTicket>>(app, chatUploadCalls.init.path, { chatroomId: ROOM, ...fields }, session)

async function ticket(type: string, name: string, size: number, session = BUYER): Promise<ChatUploadTicket> {
  const res = await init({ type, name, size }, session)
  expect(res.body.code).toBe(200)
  return res.body.data.object
}

async function chunk(t: ChatUploadTicket, offset: number, bytes: Buffer, opts: { complete?: boolean; session?: Record<string, string>; token?: string; id?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `${CHAT_UPLOAD_PATH}/${opts.id ?? t.uploadId}?offset=${offset}&complete=${opts.complete ?? false}&context=&version=1.0`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', 'x-nos-token': opts.token ?? t.token, ...(opts.session ?? BUYER) },
  })
  return { status: res.statusCode, body: res.json<ChatChunkAnswer & ChatChunkRefusal>() }
}

/** Uploads `bytes` in chunks of `size`; the stored file. */
async function upload(t: ChatUploadTicket, bytes: Buffer, size = t.chunkSize): Promise<ChatFile> {
  let offset = 0
  let last: ChatChunkAnswer | undefined
  while (offset < bytes.length) {
    const part = bytes.subarray(offset, offset + size)
    const answer = await chunk(t, offset, part, { complete: offset + part.length === bytes.length })
    expect(answer.status).toBe(200)
    last = answer.body
    offset = answer.body.offset
  }
  if (!last?.file) throw new Error('no file at the end')
  return last.file
}

const storedFiles = (): string[] => readdirSync(store, { recursive: true }).map(String).filter((f) => /\.[a-z0-9]+$/.test(f) && !f.startsWith('.'))

describe('a file message, uploaded in chunks', () => {
  it('an image: chunks at the offsets answered, the last one stores it with its size in pixels; others get the message as the upload recorded it', async () => {
    const buyer = await member(BUYER)
    const teacher = await member(TEACHER)
    const bytes = png(640, 480, 2500)
    const t = await ticket('image', '课堂板书.png', bytes.length)
    const file = await upload(t, bytes, 1000)
    expect(file.url).toMatch(/^\/media\/store\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/)
    expect(file).toEqual({ type: 'image', url: file.url, ext: 'png', size: 2500, name: '课堂板书.png', w: 640, h: 480 })
    const served = await app.inject({ method: 'GET', url: file.url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(bytes)).toBe(true)
    // the client's claims are not what the room stores: the upload's record is
    const sent = await buyer.command<WireMessage>('sendMsg', { idClient: 'img-1', type: 1, body: JSON.stringify({ url: file.url, size: 1, name: 'x.html', ext: 'html' }) })
    expect(JSON.parse(sent.body) as unknown).toEqual({ type: 'image', url: file.url, ext: 'png', size: 2500, name: '课堂板书.png', w: 640, h: 480 })
    const start = Date.now()
    while (teacher.messages().length === 0 && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20))
    expect(teacher.messages()[0]).toMatchObject({ idClient: 'img-1', type: 1, body: sent.body })
  })

  it('audio up to 50 MB is taken; over 50 MB is refused with the spec\'s words, as is any file over its kind\'s limit', async () => {
    expect((await init({ type: 'audio', name: 'a.mp3', size: 50 * 1024 * 1024 })).body.code).toBe(200)
    expect((await init({ type: 'audio', name: 'a.mp3', size: 50 * 1024 * 1024 + 1 })).body).toMatchObject({ code: 400, msg: textOf('chatUploadAudioTooLarge', 'zh-CN') })
    expect((await init({ type: 'image', name: 'a.png', size: 10 * 1024 * 1024 + 1 })).body).toMatchObject({ code: 400, msg: textOf('chatUploadTooLarge', 'zh-CN') })
    expect((await init({ type: 'file', name: 'a.pdf', size: 0 })).body.code).toBe(400)
  })

  it('an audio file and a document go through whole, and the message types must match the upload', async () => {
    const buyer = await member(BUYER)
    const audio = await upload(await ticket('audio', '朗读.mp3', 3000), mp3(3000))
    expect(audio).toMatchObject({ type: 'audio', ext: 'mp3', size: 3000 })
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 32)])
    const doc = await upload(await ticket('file', '讲义.pdf', pdf.length), pdf)
    expect(doc).toMatchObject({ type: 'file', ext: 'pdf', name: '讲义.pdf', size: pdf.length })
    expect((await buyer.command<WireMessage>('sendMsg', { idClient: 'a-1', type: 2, body: JSON.stringify({ url: audio.url }) })).type).toBe(2)
    // the audio's url sent as an image, or the document's as audio, is refused
    expect((await buyer.answer('sendMsg', { idClient: 'a-2', type: 1, body: JSON.stringify({ url: audio.url }) })).code).toBe(ChatroomCode.BadRequest)
    expect((await buyer.answer('sendMsg', { idClient: 'a-3', type: 2, body: JSON.stringify({ url: doc.url }) })).code).toBe(ChatroomCode.BadRequest)
  })
})

describe('hostile uploads', () => {
  it('the wrong type: by name, by kind, and by content (a page named .png is refused and nothing is stored)', async () => {
    for (const [type, name] of [['file', 'page.html'], ['file', 'x.svg'], ['image', 'song.mp3'], ['audio', 'a.png'], ['file', 'noext'], ['video', 'a.mp4']]) {
      expect([name, (await init({ type, name, size: 100 })).body.code]).toEqual([name, 400])
    }
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const stored = storedFiles()
    const t = await ticket('image', 'photo.png', html.length)
    const answer = await chunk(t, 0, html, { complete: true })
    expect(answer).toMatchObject({ status: 415, body: { errCode: 415, errMsg: textOf('chatUploadBadContent', 'zh-CN') } })
    expect(storedFiles()).toEqual(stored)
    // and the upload is gone
    expect((await chunk(t, 0, html, { complete: true })).status).toBe(404)
  })

  it('path tricks in the name or the upload id', async () => {
    for (const name of ['../../etc/passwd.png', 'a/b.png', 'a\\b.png', '.hidden.png', 'x.png\u0000.txt', 'a'.repeat(101) + '.png']) {
      expect([name, (await init({ type: 'image', name, size: 100 })).body]).toEqual([name, expect.objectContaining({ code: 400 })])
    }
    const t = await ticket('image', 'a.png', 100)
    for (const id of ['..%2F..%2Fetc', '..', `${t.uploadId}%2F..`, t.uploadId.toUpperCase()]) {
      expect([id, (await chunk(t, 0, png(1, 1, 100), { id })).status]).toEqual([id, 404])
    }
  })

  it("another member's upload id, a wrong token, or no session is answered as no such upload", async () => {
    await member(VISITOR)
    const t = await ticket('image', 'a.png', 100)
    expect((await chunk(t, 0, png(1, 1, 100), { session: VISITOR })).body).toMatchObject({ errCode: 404, errMsg: textOf('chatUploadUnknown', 'zh-CN') })
    expect((await chunk(t, 0, png(1, 1, 100), { token: 'x'.repeat(32) })).status).toBe(404)
    expect((await chunk(t, 0, png(1, 1, 100), { session: {} })).status).toBe(401)
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, {})).body.code).toBe(601)
    // and the file another member uploaded cannot be sent by someone else
    const file = await upload(t, png(1, 1, 100))
    const teacher = await member(TEACHER)
    expect((await teacher.answer('sendMsg', { idClient: 'steal', type: 1, body: JSON.stringify({ url: file.url }) })).code).toBe(ChatroomCode.BadRequest)
    expect((await teacher.answer('sendMsg', { idClient: 'ext', type: 6, body: JSON.stringify({ url: 'https://evil.example/x.pdf' }) })).code).toBe(ChatroomCode.BadRequest)
  })

  it('chunks out of order, beyond the file, too large, or the same chunk twice at once', async () => {
    const bytes = png(2, 2, 3000)
    const t = await ticket('image', 'a.png', bytes.length)
    expect((await chunk(t, 1000, bytes.subarray(1000, 2000))).body).toMatchObject({ errCode: 409, offset: 0 })
    expect((await chunk(t, 0, Buffer.alloc(CHAT_UPLOAD_CHUNK + 1))).status).toBe(413)
    expect((await chunk(t, 0, Buffer.concat([bytes, Buffer.alloc(10)]))).body).toMatchObject({ errCode: 413, offset: 0 })
    expect((await chunk(t, 0, bytes.subarray(0, 1000), { complete: true })).body).toMatchObject({ errCode: 400 })
    const twice = await Promise.all([chunk(t, 0, bytes.subarray(0, 1000)), chunk(t, 0, bytes.subarray(0, 1000))])
    expect(twice.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await chunk(t, 1000, bytes.subarray(1000), { complete: true })).body.file).toMatchObject({ size: 3000, w: 2, h: 2 })
  })

  it('only a logged-in member of an open room uploads, and at most 5 at once', async () => {
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, VISITOR)).body.code).toBe(403)
    expect((await init({ type: 'image', name: 'a.png', size: 100, chatroomId: 'no-such-room' })).body.code).toBe(404)
    for (let i = 0; i < 5; i += 1) await ticket('image', 'a.png', 100)
    expect((await init({ type: 'image', name: 'a.png', size: 100 })).body).toMatchObject({ code: 400, msg: textOf('chatUploadTooManyOpen', 'zh-CN', { max: 5 }) })
  })
})
