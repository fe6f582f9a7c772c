/**
 * The authoring API's refusals (server/content/routes.ts) in the reader's language, from the
 * catalogue (server/core/messages.ts): zh-CN by default, English for `Accept-Language: en`, for
 * each kind: a request not signed right (401), a record refused with its place (400 and `data`),
 * a file type the store does not take (400), another author's lesson (403), none (404) and a
 * body over its limit (413). Nothing is written by any of them.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { AuthorKeys, signedHeaders } from '../../server/content/authorKeys'
import { EXPORT_AUTHOR } from '../fixtures/contentExport'
import { testDatabase } from './engines'

const HAN = /[\u4e00-\u9fff]/

let app: FastifyInstance
let token: string
beforeAll(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent-static-dir' })
  await app.db.run("INSERT INTO users (wmid, nickname) VALUES (?, '接口老师')", [EXPORT_AUTHOR])
  token = (await new AuthorKeys(app.db).issue(EXPORT_AUTHOR, Date.now())).token
})
afterAll(() => app.close())

interface Answer {
  status: number
  body: { code: number; msg: string; data: Record<string, unknown> | null }
}

async function send(method: 'PUT' | 'POST', url: string, body: string, language?: string, signed = true): Promise<Answer> {
  const type = url === '/content/v1/lessons' ? 'application/x-ndjson' : 'application/json'
  const headers: Record<string, string> = { 'content-type': type, ...(signed ? signedHeaders(token, method, url, body) : {}) }
  if (language) headers['accept-language'] = language
  const res = await app.inject({ method, url, payload: body, headers })
  return { status: res.statusCode, body: res.json() }
}

/** The same request twice (a signed one is signed afresh each time): in zh-CN by default, and in English. */
async function both(method: 'PUT' | 'POST', url: string, body: string, signed = true): Promise<[Answer, Answer]> {
  return [await send(method, url, body, undefined, signed), await send(method, url, body, 'en-US,en;q=0.9', signed)]
}

it('says a request without a signature is refused, in Chinese and in English', async () => {
  const [zh, en] = await both('PUT', '/content/v1/lives', '{}', false)
  expect([zh.status, en.status]).toEqual([401, 401])
  expect(zh.body.msg).toMatch(HAN)
  expect(en.body.msg).toMatch(/^[\x20-\x7e]+$/)
  expect(en.body.msg).toMatch(/must be the body's sha-256/)
})

it("names a refused record's place and reason in the reader's language", async () => {
  const live = JSON.stringify({ liveId: 'bad live id', title: '直播', beginTime: Date.now() })
  const [zh, en] = await both('PUT', '/content/v1/lives', live)
  expect(zh.status).toBe(400)
  expect(zh.body.msg).toBe('直播的字段 liveId：必须是 1 到 64 个字母、数字、_ 或 -')
  expect(zh.body.data).toEqual({ at: '直播', field: 'liveId', reason: '必须是 1 到 64 个字母、数字、_ 或 -' })
  expect(en.body.msg).toBe('the live, field liveId: must be 1 to 64 letters, digits, _ or -')
  expect(en.body.data).toEqual({ at: 'the live', field: 'liveId', reason: 'must be 1 to 64 letters, digits, _ or -' })
  expect(await app.db.one("SELECT count(*) AS n FROM content_lives WHERE author = ?", [EXPORT_AUTHOR])).toEqual({ n: 0 })
})

it("says an export's message by its msgId, and the upload type, the lesson edits and the size limit, in both", async () => {
  const lines = [
    JSON.stringify({ format: 'lesson-export/1', exportId: 'zh-1', courseName: '课', privacyStatus: 1, author: { nickname: '接口老师' } }),
    JSON.stringify({ msgId: 'm-1', msgType: 4242, sendTime: Date.UTC(2026, 0, 1), obj: { content: '?' }, senderUserInfo: { wmid: EXPORT_AUTHOR, nickname: '接口老师' } }),
  ].join('\n')
  const [zh, en] = await both('POST', '/content/v1/lessons', lines)
  expect(zh.body.msg).toBe('第 2 行（消息 msgId "m-1"）的字段 msgType：4242 不是导出格式中的消息类型')
  expect(en.body.msg).toBe('line 2 (msgId "m-1"), field msgType: 4242 is not a message type code of the export format')

  const [zhType, enType] = await both('PUT', '/content/v1/media?ext=exe', 'x')
  expect(zhType.body.msg).toMatch(/^ext 必须是这些媒体类型之一：/)
  expect(enType.body.msg).toMatch(/^ext must be one of the media types: /)

  const [zhNone, enNone] = await both('POST', '/content/v1/lessons/no-such-lesson/settings', '{"privacyStatus":1}')
  expect([zhNone.status, zhNone.body.msg, enNone.body.msg]).toEqual([404, '没有课程 no-such-lesson', 'no lesson no-such-lesson'])
  const [zhOther, enOther] = await both('POST', '/content/v1/lessons/demo-paid/settings', '{"privacyStatus":1}')
  expect([zhOther.status, zhOther.body.msg, enOther.body.msg]).toEqual([403, '课程 demo-paid 不是这位作者的', "lesson demo-paid is not this author's"])

  const [zhLarge, enLarge] = await both('PUT', '/content/v1/vip/groups', JSON.stringify({ name: 'x'.repeat(5000) }))
  expect([zhLarge.status, zhLarge.body.msg, enLarge.body.msg]).toEqual([413, '请求体超过了 4096 字节', 'the body is over 4096 bytes'])
})
