/**
 * Issue 34 item 2.6 in a NetEase IM room: files, images and audio. The file goes up in chunks to
 * this server (spec 001 §4, the same rules as the local room's), then this server sends it through
 * NetEase's server API in the sender's name (chatroom/sendMsg.action, here its stand-in served by
 * the app, CheckSum-checked, which writes what it was told to standin_nim_calls). The server
 * decides: a viewer the live does not let speak (a guest, a non-buyer of a paid live, an ended
 * live, a room muted by the host, a member NetEase muted) and another user's file are refused,
 * and NetEase is not asked. On SQLite, and on PostgreSQL when the engines run.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { textOf } from '../../../server/core/messages'
import { createNimClient } from '../../../server/outside/nim/client'
import { DEMO_NIM_APP, NIM_STANDIN, nimCheckSum } from '../../../server/outside/nim/protocol'
import { standinBase } from '../../../server/outside/standinPath'
import type { ObjectData } from '../../../types/api'
import type { ChatChunkAnswer, ChatFile, ChatUploadTicket, NetEaseFileMessage } from '../../../types/chatUpload'
import { CHAT_UPLOAD_PATH, chatUploadCalls } from '../../../types/chatUpload'
import { liveModerationCalls } from '../../../types/liveModeration'
import { testDatabase } from '../engines'
import { BUYER, TEACHER, VISITOR, post } from '../helpers'

const store = mkdtempSync(join(tmpdir(), 'nim-media-'))
const before = process.env.MEDIA_STORE_DIR
process.env.MEDIA_STORE_DIR = store

/** live-now's room */
const ROOM = 'demo-live'
let app: FastifyInstance

beforeAll(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', nim: { appKey: DEMO_NIM_APP.appKey, appSecret: DEMO_NIM_APP.appSecret, base: standinBase(NIM_STANDIN) } })
})
afterAll(async () => {
  await app.close()
  process.env.MEDIA_STORE_DIR = before
  rmSync(store, { recursive: true, force: true })
})
beforeEach(async () => {
  await app.db.run('DELETE FROM standin_nim_calls')
  await app.db.run('DELETE FROM standin_nim_rooms')
})

const png = (bytes = 1500): Buffer => {
  const head = Buffer.alloc(24)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head)
  head.writeUInt32BE(13, 8)
  head.write('IHDR', 12)
  head.writeUInt32BE(320, 16)
  head.writeUInt32BE(240, 20)
  return Buffer.concat([head, Buffer.alloc(bytes - 24, 7)])
}

const init = (fields: { type: string; name: string; size: number }, session: Record<string, string>, chatroomId = ROOM) =>
  post<ObjectData<ChatUploadTicket>>(app, chatUploadCalls.init.path, { chatroomId, ...fields }, session)

/** `bytes` uploaded as `name` by `session` to `chatroomId`, in one chunk: the stored file. */
async function uploaded(type: string, name: string, bytes: Buffer, session: Record<string, string> = BUYER, chatroomId = ROOM): Promise<ChatFile> {
  const ticket = await init({ type, name, size: bytes.length }, session, chatroomId)
  expect(ticket.body.code).toBe(200)
  const { uploadId, token } = ticket.body.data.object
  const res = await app.inject({
    method: 'POST',
    url: `${CHAT_UPLOAD_PATH}/${uploadId}?offset=0&complete=true&context=${uploadId}&version=1.0`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token, ...session },
  })
  const answer = res.json<ChatChunkAnswer>()
  if (!answer.file) throw new Error(`no file: ${res.body}`)
  return answer.file
}

const send = (url: string, idClient: string, session: Record<string, string>, chatroomId = ROOM) =>
  post<ObjectData<NetEaseFileMessage>>(app, chatUploadCalls.sendNetEase.path, { chatroomId, url, idClient }, session)

const moderate = (fields: Record<string, string | number>) => post(app, liveModerationCalls.moderate.path, { courseData: 'live-now', ...fields }, TEACHER)

/** What NetEase (its stand-in) was told to send, oldest first. */
const sends = async (): Promise<Array<Record<string, string>>> =>
  (await app.db.all<{ form: string }>("SELECT form FROM standin_nim_calls WHERE path = '/chatroom/sendMsg.action' ORDER BY id")).map((c) => JSON.parse(c.form) as Record<string, string>)

describe('a file message in a NetEase room', () => {
  it('an image the buyer uploaded goes to NetEase as sendMsg.action msgType 1, its attach written from the upload with an absolute url; the answer is the message', async () => {
    const file = await uploaded('image', '板书.png', png())
    const { body } = await send(file.url, 'img-1', { ...BUYER, host: 'live.example.com' })
    expect(body.code).toBe(200)
    // NetEase's clients load it from the attach: the url is absolute, at the server the sender called
    const attach = { type: 'image', url: `http://live.example.com${file.url}`, ext: 'png', size: 1500, name: '板书.png', w: 320, h: 240 }
    expect(body.data.object).toMatchObject({ idClient: 'img-1', from: 'wm_buyer', type: 1, attach })
    expect(await sends()).toEqual([{ roomid: ROOM, msgId: 'img-1', fromAccid: 'wm_buyer', msgType: '1', resendFlag: '0', attach: JSON.stringify(attach) }])
  })

  it('audio goes as msgType 2 and a document as 6', async () => {
    const audio = await uploaded('audio', '朗读.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(900, 1)]))
    const pdf = await uploaded('file', '讲义.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]))
    expect((await send(audio.url, 'a-1', BUYER)).body.data.object.type).toBe(2)
    expect((await send(pdf.url, 'f-1', BUYER)).body.data.object.type).toBe(6)
    expect((await sends()).map((f) => [f.msgType, (JSON.parse(f.attach ?? '{}') as ChatFile).ext])).toEqual([['2', 'mp3'], ['6', 'pdf']])
  })
})

describe('what the server refuses before NetEase hears of it', () => {
  it("another user's session cannot send the buyer's file, nor a file of another room; no session sends nothing", async () => {
    const file = await uploaded('image', 'a.png', png())
    expect((await send(file.url, 'x-1', VISITOR)).body).toMatchObject({ code: 400, msg: textOf('chatFileNotUploaded', 'zh-CN') })
    expect((await send(file.url, 'x-2', BUYER, 'room-live-english')).body.msg).toBe(textOf('chatFileNotUploaded', 'zh-CN'))
    expect((await send(file.url, 'x-3', {})).body.code).not.toBe(200)
    expect(await sends()).toEqual([])
  })

  it("a paid live's non-buyer, and an ended live, cannot upload; a buyer of the paid live and its host's admin can", async () => {
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, BUYER, 'room-live-grammar')).body).toMatchObject({ code: 403, msg: textOf('liveNotBought', 'zh-CN') })
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, BUYER, 'room-live-ended')).body.msg).toBe(textOf('chatClosed', 'zh-CN'))
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, BUYER, 'no-such-room')).body.code).toBe(404)
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, BUYER, 'room-live-english')).body.code).toBe(200)
    await app.db.run("INSERT INTO live_admins (live_id, wmid) SELECT id, 'wm_visitor' FROM live_shows WHERE course_data = 'live-grammar'")
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, VISITOR, 'room-live-grammar')).body.code).toBe(200)
    expect((await init({ type: 'image', name: 'a.png', size: 100 }, VISITOR, 'room-live-english')).body.msg).toBe(textOf('liveNotBought', 'zh-CN'))
  })

  it('the file rules hold here too: audio over 50 MB, a file of the wrong type, a page renamed as an image', async () => {
    expect((await init({ type: 'audio', name: 'a.mp3', size: 50 * 1024 * 1024 + 1 }, BUYER)).body).toMatchObject({ code: 400, msg: textOf('chatUploadAudioTooLarge', 'zh-CN') })
    expect((await init({ type: 'file', name: 'a.html', size: 100 }, BUYER)).body.msg).toBe(textOf('chatUploadBadType', 'zh-CN'))
    const ticket = (await init({ type: 'image', name: 'x.png', size: 40 }, BUYER)).body.data.object
    const res = await app.inject({
      method: 'POST',
      url: `${CHAT_UPLOAD_PATH}/${ticket.uploadId}?offset=0&complete=true&context=&version=1.0`,
      payload: Buffer.from('<html><script>alert(1)</script></html>.....'.slice(0, 40)),
      headers: { 'content-type': 'application/octet-stream', 'x-nos-token': ticket.token, ...BUYER },
    })
    expect(res.statusCode).toBe(415)
  })

  it('a room the host muted takes files from the host only; a member the host muted is refused by NetEase, in zh-CN and en', async () => {
    const mine = await uploaded('image', 'a.png', png())
    const hosts = await uploaded('image', 'b.png', png(), TEACHER)
    expect((await moderate({ action: 'roomMute', on: 1 })).body).toMatchObject({ code: 200 })
    expect((await send(mine.url, 'm-1', BUYER)).body).toMatchObject({ code: 403, msg: textOf('chatRoomMuted', 'zh-CN') })
    expect((await send(hosts.url, 'm-2', TEACHER)).body.code).toBe(200)
    await moderate({ action: 'roomMute', on: 0 })
    await moderate({ action: 'tempMute', account: 'wm_buyer', seconds: 600 })
    expect((await send(mine.url, 'm-3', BUYER)).body).toMatchObject({ code: 403, msg: textOf('chatMuted', 'zh-CN') })
    // the app's retry (重发) goes with the same id
    expect((await send(mine.url, 'm-3', { ...BUYER, 'accept-language': 'en' })).body.msg).toBe(textOf('chatMuted', 'en'))
    await moderate({ action: 'tempMute', account: 'wm_buyer', seconds: 0 })
    expect((await send(mine.url, 'm-3', BUYER)).body.code).toBe(200)
    expect((await sends()).map((f) => f.msgId)).toEqual(['m-2', 'm-3'])
  })

  it('an upload goes in one message: of 20 sends at once under different ids one is sent; its retry is a resend NetEase stores once', async () => {
    // bytes no other test uploads: the store keeps one copy of equal bytes, each upload of them is one message
    const file = await uploaded('image', 'a.png', png(1777))
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(file.url, `race-${i}`, BUYER)))
    const won = answers.filter((a) => a.body.code === 200)
    expect(won).toHaveLength(1)
    expect(answers.filter((a) => a.body.msg === textOf('chatFileAlreadySent', 'zh-CN'))).toHaveLength(19)
    const id = won[0]?.body.data.object.idClient ?? ''
    const again = await send(file.url, id, BUYER)
    expect(again.body.data.object).toMatchObject({ idClient: id, time: won[0]?.body.data.object.time })
    expect((await sends()).map((f) => [f.msgId, f.resendFlag])).toEqual([[id, '0']])
  })

  it('a closed room refuses', async () => {
    const file = await uploaded('image', 'a.png', png())
    await moderate({ action: 'close' })
    expect((await send(file.url, 'c-1', BUYER)).body).toMatchObject({ code: 13002, msg: textOf('chatClosed', 'zh-CN') })
    expect(await sends()).toEqual([])
  })
})

describe("NetEase's own answer to sendMsg.action", () => {
  it('is read as NetEase documents its desc (time in ms as a number, msgid_client, fromAccount, fromAvator, attach), the form CheckSum-signed', async () => {
    const asked: Array<{ url: string; headers: Record<string, string>; form: Record<string, string> }> = []
    const attach = JSON.stringify({ type: 'file', url: 'https://live.example.com/media/store/aa/b.pdf', ext: 'pdf', size: 10, name: 'b.pdf' })
    const client = createNimClient({ appKey: 'k', appSecret: 's', base: 'https://api.netease.im/nimserver' }, async (url, init) => {
      asked.push({ url, headers: init?.headers as Record<string, string>, form: Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : '')) })
      const desc = { time: 1_700_000_000_123, fromAvator: 'https://x.example/a.png', msgid_client: 'c-9', fromClientType: 'REST', attach, roomId: 3001, fromAccount: 'wm_buyer', fromNick: '学员阿杰', type: 6, ext: '', highPriorityFlag: 0, msgAbandonFlag: 0 }
      return new Response(JSON.stringify({ code: 200, desc }), { headers: { 'content-type': 'application/json' } })
    })
    const sent = await client.sendMessage('3001', 'c-9', 'wm_buyer', 6, attach, false)
    expect(sent).toEqual({ idClient: 'c-9', from: 'wm_buyer', fromNick: '学员阿杰', fromAvatar: 'https://x.example/a.png', time: 1_700_000_000_123, type: 6, attach })
    expect(asked[0]?.url).toBe('https://api.netease.im/nimserver/chatroom/sendMsg.action')
    expect(asked[0]?.form).toEqual({ roomid: '3001', msgId: 'c-9', fromAccid: 'wm_buyer', msgType: '6', resendFlag: '0', attach })
    const h = asked[0]?.headers ?? {}
    expect(h.CheckSum).toBe(nimCheckSum('s', h.Nonce ?? '', h.CurTime ?? ''))
  })
})
