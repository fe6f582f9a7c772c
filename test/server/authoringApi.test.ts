/**
 * The authoring API (server/content/routes.ts, authorKeys.ts) on each engine: an author's key
 * signs each request over its method, path, timestamp, nonce and body; a request without it, a
 * stolen URL or body, a tampered or stale request, a request sent again (to another worker too)
 * and a revoked key are refused with nothing written. Two apps over one database stand for two
 * workers.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { AUTH_HEADERS, AuthorKeys, SIGNATURE_WINDOW_MS, sha256Hex, signedHeaders } from '../../server/content/authorKeys'
import { EXPORT_AUTHOR, header, message as fileMessage, tempDir, type Json } from '../fixtures/contentExport'
import { sharedTestDatabase } from './engines'
import { TEACHER } from './helpers'

const MEDIA = join(__dirname, '..', '..', 'server', 'media')
const LESSONS = '/content/v1/lessons'

let dir: string
let worker1: FastifyInstance
let worker2: FastifyInstance
let token: string
let keyId: string
let teacherToken: string

beforeAll(async () => {
  dir = tempDir()
  process.env.MEDIA_STORE_DIR = join(dir, 'store')
  const database = await sharedTestDatabase(join(dir, 'shared.sqlite'))
  worker1 = await buildApp({ database, staticDir: '/nonexistent-static-dir' })
  worker2 = await buildApp({ database, staticDir: '/nonexistent-static-dir' })
  const keys = new AuthorKeys(worker1.db)
  await worker1.db.run("INSERT INTO users (wmid, nickname) VALUES (?, '接口老师')", [EXPORT_AUTHOR])
  ;({ token, keyId } = await keys.issue(EXPORT_AUTHOR, Date.now()))
  teacherToken = (await keys.issue(TEACHER.userid, Date.now())).token
})
afterAll(async () => {
  await worker1.close()
  await worker2.close()
  delete process.env.MEDIA_STORE_DIR
  rmSync(dir, { recursive: true, force: true })
})

/** A message whose sender's face is a URL: through the API every medium is one. */
const message = (n: number, msgType: number, obj: Json): Json =>
  fileMessage(n, msgType, obj, { senderUserInfo: { wmid: EXPORT_AUTHOR, nickname: '接口老师', faceIcon: 'https://cdn.example.com/face.png' } })

const jsonLines = (head: Json, messages: Json[]): string => [head, ...messages].map((record) => JSON.stringify(record)).join('\n')
const exportBody = (exportId = 'api-1', messages: Json[] = [message(1, 1000, { content: '接口导入的第一条' })]): string =>
  jsonLines(header({ exportId, coursePic: null, author: {} }), messages)

interface Sent {
  status: number
  body: { code: number; msg: string; data: Record<string, unknown> | null }
}

async function send(app: FastifyInstance, method: 'POST' | 'PUT', url: string, body: Buffer | string, headers: Record<string, string>): Promise<Sent> {
  const contentType = method === 'PUT' ? 'application/octet-stream' : 'application/x-ndjson'
  // these tests read the refusals in English; test/server/contentRefusals.test.ts reads them in zh-CN
  const res = await app.inject({ method, url, payload: body, headers: { 'content-type': contentType, 'accept-language': 'en', ...headers } })
  return { status: res.statusCode, body: res.json() }
}

const signedSend = (app: FastifyInstance, body: Buffer | string, url = LESSONS, method: 'POST' | 'PUT' = 'POST', key = token) =>
  send(app, method, url, body, signedHeaders(key, method, url, body))

const lessonCount = async (): Promise<number> => Number((await worker1.db.one<{ n: number }>('SELECT count(*) AS n FROM lessons'))?.n)

it('imports a signed export as a lesson of the key\'s author', async () => {
  const { status, body } = await signedSend(worker1, exportBody())
  expect(status).toBe(200)
  expect(body.data).toMatchObject({ created: true, messages: 1 })
  const lesson = await worker1.db.one<{ wmid: string; courseName: string }>('SELECT wmid, course_name AS "courseName" FROM lessons WHERE course_data = ?', [String(body.data?.courseData)])
  expect(lesson).toEqual({ wmid: EXPORT_AUTHOR, courseName: '导入的课程：日常寒暄' })
})

it('refuses a request without a signature, with a stolen URL and body, or with a changed body; nothing is written', async () => {
  const before = await lessonCount()
  const body = exportBody('api-stolen')
  expect((await send(worker1, 'POST', LESSONS, body, {})).status).toBe(401)
  // the signature of another request over the same URL does not sign this body
  const other = signedHeaders(token, 'POST', LESSONS, exportBody('api-other'))
  const tampered = await send(worker1, 'POST', LESSONS, body, other)
  expect(tampered.status).toBe(401)
  expect(tampered.body.msg).toMatch(/not the one signed/)
  // nor does it with the new body's hash stated in its place
  const restated = await send(worker1, 'POST', LESSONS, body, { ...signedHeaders(token, 'POST', LESSONS, exportBody('api-other-2')), [AUTH_HEADERS.contentSha256]: sha256Hex(body) })
  expect(restated.status).toBe(401)
  expect(restated.body.msg).toMatch(/signature/)
  // nor another path
  const elsewhere = await send(worker1, 'POST', LESSONS, body, signedHeaders(token, 'POST', `${LESSONS}?x=1`, body))
  expect(elsewhere.status).toBe(401)
  // a key that is not the author's own private key: the public key on file does not verify it
  const forged = await send(worker1, 'POST', LESSONS, body, { ...signedHeaders(teacherToken, 'POST', LESSONS, body), [AUTH_HEADERS.key]: keyId })
  expect(forged.status).toBe(401)
  expect(await lessonCount()).toBe(before)
})

it('refuses a request sent again, on the same worker or another, and one whose timestamp is stale', async () => {
  const body = exportBody('api-replay')
  const headers = signedHeaders(token, 'POST', LESSONS, body)
  expect((await send(worker1, 'POST', LESSONS, body, headers)).status).toBe(200)
  const before = await lessonCount()
  const again = await send(worker1, 'POST', LESSONS, body, headers)
  expect(again.status).toBe(401)
  expect(again.body.msg).toMatch(/already received/)
  expect((await send(worker2, 'POST', LESSONS, body, headers)).status).toBe(401)

  const stale = signedHeaders(token, 'POST', LESSONS, exportBody('api-stale'), Date.now() - SIGNATURE_WINDOW_MS - 1000)
  const late = await send(worker2, 'POST', LESSONS, exportBody('api-stale'), stale)
  expect(late.status).toBe(401)
  expect(late.body.msg).toMatch(/clock/)
  expect(await lessonCount()).toBe(before)
})

it('lets one of 20 copies of a signed request sent at once through, across two workers', async () => {
  const body = exportBody('api-race')
  const headers = signedHeaders(token, 'POST', LESSONS, body)
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? worker1 : worker2, 'POST', LESSONS, body, headers)))
  expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(401)])
})

it('stops accepting a revoked key', async () => {
  const keys = new AuthorKeys(worker1.db)
  const spare = await keys.issue(EXPORT_AUTHOR, Date.now())
  expect((await signedSend(worker1, exportBody('api-spare'), LESSONS, 'POST', spare.token)).status).toBe(200)
  expect(await keys.revoke(spare.keyId, Date.now())).toBe(true)
  const refused = await signedSend(worker2, exportBody('api-spare-2'), LESSONS, 'POST', spare.token)
  expect(refused.status).toBe(401)
  expect(refused.body.msg).toMatch(/revoked/)
})

it('takes media by upload and URL, never as a file path, and keeps each author\'s exports apart', async () => {
  const voice = readFileSync(join(MEDIA, 'voice', 'intro.mp3'))
  const upload = await signedSend(worker1, voice, '/content/v1/media?ext=mp3', 'PUT')
  expect(upload.status).toBe(200)
  const url = String(upload.body.data?.url)
  expect(url).toMatch(/^\/media\/store\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/)
  expect((await worker2.inject({ method: 'GET', url })).rawPayload.equals(voice)).toBe(true)

  const withVoice = exportBody('api-media', [message(1, 1002, { url, duration: 7 })])
  const imported = await signedSend(worker2, withVoice)
  expect(imported.status).toBe(200)

  const before = await lessonCount()
  const path = await signedSend(worker1, exportBody('api-path', [message(1, 1002, { url: 'voice/intro.mp3', duration: 7 })]))
  expect(path.status).toBe(400)
  expect(path.body.data).toMatchObject({ at: 'line 2', msgId: 'm-1', field: 'obj.url' })
  // a store-looking URL the store does not have
  const made = await signedSend(worker1, exportBody('api-made-up', [message(1, 1002, { url: '/media/passwd.mp3', duration: 7 })]))
  expect(made.status).toBe(400)
  expect(await lessonCount()).toBe(before)

  // the teacher's key with the same exportId makes the teacher's own lesson, not an edit of the author's
  const teacher = await signedSend(worker1, withVoice, LESSONS, 'POST', teacherToken)
  expect(teacher.body.data).toMatchObject({ created: true })
  const owners = await worker1.db.all<{ wmid: string }>('SELECT l.wmid FROM content_imports i JOIN lessons l ON l.id = i.lesson_id WHERE i.export_id = ? ORDER BY l.wmid', ['api-media'])
  expect(owners.map((o) => o.wmid)).toEqual([EXPORT_AUTHOR, TEACHER.userid].sort())
})

it('answers a hostile export with its place, as the CLI does', async () => {
  const before = await lessonCount()
  const { status, body } = await signedSend(worker1, exportBody('api-hostile', [message(1, 1000, { content: 'ok' }), message(2, 4242, { content: '?' })]))
  expect(status).toBe(400)
  expect(body.data).toEqual({ at: 'line 3', msgId: 'm-2', field: 'msgType', reason: expect.stringMatching(/4242/) as unknown })
  expect(await lessonCount()).toBe(before)
})

describe("an author's edits after the import", () => {
  const settings = (courseData: string, changes: Json, key = token) =>
    signedSend(worker1, JSON.stringify(changes), `${LESSONS}/${courseData}/settings`, 'POST', key)
  const remove = (courseData: string, key = token) => {
    const url = `${LESSONS}/${courseData}`
    return worker1.inject({ method: 'DELETE', url, headers: signedHeaders(key, 'DELETE', url, '') })
  }
  const stored = (courseData: string) =>
    worker1.db.one<{ privacyStatus: number; fee: number; freeCount: number; shareRecash: number }>(
      'SELECT privacy_status AS "privacyStatus", fee, free_count AS "freeCount", share_recash AS "shareRecash" FROM lessons WHERE course_data = ?',
      [courseData],
    )

  it('sets privacy, price and preview of the author\'s own lesson only, each field checked', async () => {
    const { body } = await signedSend(worker1, exportBody('api-edit'))
    const courseData = String(body.data?.courseData)
    const paid = await settings(courseData, { privacyStatus: 3, fee: 1990, freeCount: 3, shareRecash: 200 })
    expect(paid.status).toBe(200)
    expect(await stored(courseData)).toEqual({ privacyStatus: 3, fee: 1990, freeCount: 3, shareRecash: 200 })
    // the price alone: the rest of a paid lesson's settings stay
    expect((await settings(courseData, { fee: 990 })).status).toBe(200)
    expect(await stored(courseData)).toEqual({ privacyStatus: 3, fee: 990, freeCount: 3, shareRecash: 200 })

    const bad = await settings(courseData, { fee: 9.9 })
    expect(bad.status).toBe(400)
    expect(bad.body.data).toMatchObject({ field: 'fee' })
    const notMine = await settings(courseData, { privacyStatus: 1 }, teacherToken)
    expect(notMine.status).toBe(403)
    expect(await stored(courseData)).toEqual({ privacyStatus: 3, fee: 990, freeCount: 3, shareRecash: 200 })
  })

  it('deletes the author\'s lesson, never another\'s nor one that has orders', async () => {
    const { body } = await signedSend(worker1, exportBody('api-delete'))
    const courseData = String(body.data?.courseData)
    expect((await remove(courseData, teacherToken)).statusCode).toBe(403)
    expect((await remove(courseData)).statusCode).toBe(200)
    expect(await stored(courseData)).toBeUndefined()
    expect((await remove(courseData)).statusCode).toBe(404)
    // the demo's bought lesson is the teacher's: its buyer keeps it
    expect((await remove('paid-bought', teacherToken)).statusCode).toBe(409)
    expect(await stored('paid-bought')).toBeDefined()
  })
})

describe("an author's albums", () => {
  const putAlbum = (album: Json, key = token) => signedSend(worker1, JSON.stringify(album), '/content/v1/albums', 'PUT', key)
  const read = async (data: string) =>
    (await worker2.inject({ method: 'POST', url: '/wmim/course/album/qryAlbumInfo.do', payload: `data=${data}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).json<{
      code: number
      data: unknown
    }>()

  it('makes an album of the author\'s lessons in order, and replaces it when the same albumId comes again', async () => {
    const first = String((await signedSend(worker1, exportBody('album-1'))).body.data?.courseData)
    const second = String((await signedSend(worker1, exportBody('album-2'))).body.data?.courseData)
    const made = await putAlbum({ albumId: 'oral', name: '口语专辑', intro: '两节课', lessons: [{ courseData: second, duration: 60 }, { courseData: first, duration: 90 }] })
    expect(made.status).toBe(200)
    const data = String(made.body.data?.data)
    const order = async () =>
      (await worker1.db.all<{ courseData: string }>(
        'SELECT l.course_data AS "courseData" FROM album_lessons a JOIN lessons l ON l.id = a.lesson_id WHERE a.album_data = ? ORDER BY a.position',
        [data],
      )).map((row) => row.courseData)
    expect(await order()).toEqual([second, first])
    const again = await putAlbum({ albumId: 'oral', name: '口语专辑（新）', lessons: [{ courseData: first, duration: 90 }] })
    expect(again.body.data).toMatchObject({ data, created: false })
    expect(await order()).toEqual([first])
    expect(JSON.stringify(await read(data))).toContain('口语专辑（新）')
  })

  it("refuses another author's lesson, an unknown one and a bad cover, writing nothing", async () => {
    const count = async () => Number((await worker1.db.one<{ n: number }>('SELECT count(*) AS n FROM albums'))?.n)
    const before = await count()
    const other = await putAlbum({ albumId: 'theirs', name: 'x', lessons: [{ courseData: 'demo-open', duration: 1 }] })
    expect(other.status).toBe(400)
    expect(other.body.data).toMatchObject({ field: 'lessons[0].courseData', reason: expect.stringMatching(/not this author's/) as unknown })
    expect((await putAlbum({ albumId: 'none', name: 'x', lessons: [{ courseData: 'no-such', duration: 1 }] })).status).toBe(400)
    const cover = await putAlbum({ albumId: 'cover', name: 'x', pic: 'javascript:alert(1)', lessons: [{ courseData: 'demo-open', duration: 1 }] })
    expect(cover.body.data).toMatchObject({ field: 'pic' })
    expect(await count()).toBe(before)
  })
})

describe("an author's groups and invitations", () => {
  const putGroup = (group: Json, key = token) => signedSend(worker1, JSON.stringify(group), '/content/v1/groups', 'PUT', key)
  const invite = (body: Json, key = token) => signedSend(worker1, JSON.stringify(body), '/content/v1/invites', 'POST', key)

  it('makes a paid group and invitations to it that the invite pages read', async () => {
    const made = await putGroup({ gid: 'chat-g-42', name: '付费读书会', introduction: '每周一本书', fee: 1990 })
    expect(made.body.data).toEqual({ gid: 'chat-g-42', created: true })
    expect((await putGroup({ gid: 'chat-g-42', name: '付费读书会', fee: 2990 })).body.data).toEqual({ gid: 'chat-g-42', created: false })
    const row = await worker1.db.one<{ fee: number; owner: string }>('SELECT fee, owner_wmid AS owner FROM invite_groups WHERE gid = ?', ['chat-g-42'])
    expect(row).toEqual({ fee: 2990, owner: EXPORT_AUTHOR })

    const password = await invite({ kind: 'password', gid: 'chat-g-42' })
    expect(String(password.body.data?.payload)).toMatch(/^WM[A-HJ-NP-Z2-9]{8}$/)
    // the password group page's call shows the group as the API wrote it
    const page = await worker2.inject({
      method: 'POST',
      url: '/wmim/h5/invite/password/group/query.do',
      payload: `wmid=${EXPORT_AUTHOR}&gid=chat-g-42`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(page.json<{ data: { object: Record<string, unknown> } }>().data.object).toMatchObject({ groupName: '付费读书会', isNeedPay: 1, fee: 2990 })
    const qr = await invite({ kind: 'qr' })
    const stored = await worker1.db.one<{ inviter: string; gid: string | null }>('SELECT inviter_wmid AS inviter, gid FROM qr_invites WHERE data = ?', [
      String(qr.body.data?.payload),
    ])
    expect(stored).toEqual({ inviter: EXPORT_AUTHOR, gid: null })
  })

  it("never changes or invites to another owner's group", async () => {
    expect((await putGroup({ gid: 'g-paid', name: '改名' })).body.data).toMatchObject({ field: 'gid' })
    expect((await invite({ kind: 'password', gid: 'g-paid' })).status).toBe(400)
    expect((await putGroup({ gid: 'chat-g-43', name: 'x', fee: -1 })).body.data).toMatchObject({ field: 'fee' })
    expect((await invite({ kind: 'link' })).body.data).toMatchObject({ field: 'kind' })
  })
})

describe("an owner's group in the VIP campaign", () => {
  const putVip = (group: Json, key = token) => signedSend(worker1, JSON.stringify(group), '/content/v1/vip/groups', 'PUT', key)

  it('writes the group and answers its exchange link, whose eligibility call shows the quota of its size', async () => {
    const made = await putVip({ groupId: 'chat-vip-1', name: '英语角', memberCount: 120 })
    expect(made.status).toBe(200)
    const data = String(made.body.data?.data)
    expect(made.body.data).toMatchObject({ groupId: 'chat-vip-1', link: `/vipExchange/${data}` })
    // the same group again: its new size, the same link
    expect((await putVip({ groupId: 'chat-vip-1', name: '英语角', memberCount: 230 })).body.data).toMatchObject({ data })
    const eligibility = await worker2.inject({
      method: 'POST',
      url: '/wmim/vip/exchange/query.do',
      payload: `data=${data}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    // over 200 members gives 5 (spec 000 §9)
    expect(JSON.stringify(eligibility.json())).toMatch(/"quota":5/)
  })

  it("refuses another owner's group and a bad member count", async () => {
    await putVip({ groupId: 'chat-vip-2', name: 'x', memberCount: 60 }, teacherToken)
    expect((await putVip({ groupId: 'chat-vip-2', name: 'mine now', memberCount: 9999 })).body.data).toMatchObject({ field: 'groupId' })
    expect((await putVip({ groupId: 'chat-vip-3', name: 'x', memberCount: -5 })).body.data).toMatchObject({ field: 'memberCount' })
  })
})

describe("a host's lives", () => {
  const putLive = (live: Json, key = token) => signedSend(worker1, JSON.stringify(live), '/content/v1/lives', 'PUT', key)
  const info = async (courseData: string) =>
    (
      await worker2.inject({
        method: 'POST',
        url: '/wmim/live/query/info.do',
        payload: `courseData=${courseData}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).json<{ code: number; data: { object: Record<string, unknown> } }>()
  const begin = Date.UTC(2026, 11, 1, 12)

  it('schedules a paid live the live pages show, then updates the same live', async () => {
    const made = await putLive({ liveId: 'evening-1', title: '晚间直播课', beginTime: begin, fee: 990, shareRecash: 100, hasReplay: true, replayPassword: '2468' })
    expect(made.status).toBe(200)
    const courseData = String(made.body.data?.courseData)
    expect(made.body.data).toMatchObject({ created: true, link: `/liveHome?courseData=${courseData}` })
    const answer = await info(courseData)
    expect(answer.code).toBe(200)
    expect(JSON.stringify(answer.data.object)).toContain('晚间直播课')
    const sale = await worker1.db.one<{ fee: number }>('SELECT l.live_fee AS fee FROM live_shows s JOIN lives l ON l.id = s.sale_live_id WHERE s.course_data = ?', [courseData])
    expect(sale).toEqual({ fee: 990 })

    const again = await putLive({ liveId: 'evening-1', title: '晚间直播课（免费）', beginTime: begin, status: 1 })
    expect(again.body.data).toMatchObject({ courseData, created: false })
    const row = await worker1.db.one<{ saleId: number | null; status: number }>('SELECT sale_live_id AS "saleId", status FROM live_shows WHERE course_data = ?', [courseData])
    expect(row).toEqual({ saleId: null, status: 1 })
  })

  it('refuses a bad schedule, a short replay password and a share reward over the fee, writing nothing', async () => {
    const count = async () => Number((await worker1.db.one<{ n: number }>('SELECT count(*) AS n FROM live_shows'))?.n)
    const before = await count()
    expect((await putLive({ liveId: 'x', title: 't', beginTime: 'tonight' })).body.data).toMatchObject({ field: 'beginTime' })
    expect((await putLive({ liveId: 'x', title: 't', beginTime: begin, hasReplay: true, replayPassword: '12' })).body.data).toMatchObject({ field: 'replayPassword' })
    expect((await putLive({ liveId: 'x', title: 't', beginTime: begin, fee: 100, shareRecash: 200 })).body.data).toMatchObject({ field: 'shareRecash' })
    expect(await count()).toBe(before)
  })
})

it('never stores a file a browser would run as a page or script, and serves the store with nosniff', async () => {
  for (const ext of ['html', 'svg', 'js', 'htm']) {
    const refused = await signedSend(worker1, '<script>alert(1)</script>', `/content/v1/media?ext=${ext}`, 'PUT')
    expect(refused.status).toBe(400)
  }
  const upload = await signedSend(worker1, readFileSync(join(MEDIA, 'image', 'wide.jpg')), '/content/v1/media?ext=jpg', 'PUT')
  const served = await worker1.inject({ method: 'GET', url: String(upload.body.data?.url) })
  expect(served.headers['x-content-type-options']).toBe('nosniff')
  expect(served.headers['content-type']).toBe('image/jpeg')
})
