/**
 * The lesson store end to end below the UI: LessonStore -> lesson api -> transport -> the real
 * reference server (fastify.inject on a fresh in-memory seeded DB). Only the platform edge of the
 * transport (the request function, toast and navigation) is replaced.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../../server/app'
import { LessonRepository } from '../../../../server/lesson/data'
import { createClient, type TransportDeps } from '../../../../src/api/client'
import { createLessonApi } from '../../../../src/api/lesson'
import { LessonStore } from '../../../../src/features/lesson/LessonStore'

let server: FastifyInstance

beforeAll(async () => {
  server = await buildApp({ database: ':memory:' })
})
afterAll(async () => {
  await server.close()
})

/** A lesson store whose transport requests go to `app` (the shared server unless given). */
function storeOverServer(options: { failFrom?: number; app?: FastifyInstance } = {}) {
  const app = options.app ?? server
  let calls = 0
  const toast = jest.fn()
  const deps: TransportDeps = {
    baseUrl: () => '',
    request: async ({ url, body, headers }) => {
      calls += 1
      if (options.failFrom !== undefined && calls >= options.failFrom) throw new Error('offline')
      const res = await app.inject({ method: 'POST', url, payload: body, headers })
      return { statusCode: res.statusCode, data: res.json<unknown>() }
    },
    toast,
    goProfile: jest.fn(),
    goVipAlert: jest.fn(),
    sessionHeaders: () => ({}),
    clearSession: jest.fn(),
    messages: { networkError: () => 'network request abnormal', timeout: () => 'timeout', badResponse: () => 'bad' },
  }
  return { store: new LessonStore(createLessonApi(createClient(deps).post)), toast, requests: () => calls }
}

describe('LessonStore over the reference server', () => {
  it('loads info, then pages of 20 until a short page sets loadEnd', async () => {
    const { store } = storeOverServer()
    await store.open({ kind: 'v2', courseData: 'demo-open' })
    expect(store.status).toBe('ready')
    expect(store.title).toBe(store.info?.courseName)
    expect(store.title.length).toBeGreaterThan(0)
    expect(store.messages).toHaveLength(20)
    expect(store.page).toBe(1)
    expect(store.loadEnd).toBe(false)
    while (!store.loadEnd) await store.loadMore()
    expect(store.messages.length).toBeGreaterThan(40)
    expect(store.messages.length % 20).not.toBe(0)
    const ids = store.messages.map((m) => m.msgId)
    expect(new Set(ids).size).toBe(ids.length)
    const times = store.messages.map((m) => m.sendTime)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    const pageAfterEnd = store.page
    await store.loadMore()
    expect(store.page).toBe(pageAfterEnd)
  })

  it('reads an old link through the old calls with the same content, by pages of 10 (spec 000 §9)', async () => {
    const v2 = storeOverServer().store
    const old = storeOverServer().store
    await v2.open({ kind: 'v2', courseData: 'demo-open' })
    await old.open({ kind: 'legacy', data: 'legacy-open' })
    expect(old.status).toBe('ready')
    expect(old.messages.map((m) => m.msgId)).toEqual(v2.messages.slice(0, 10).map((m) => m.msgId))
    await old.loadMore()
    expect(old.page).toBe(2)
    expect(old.messages.map((m) => m.msgId)).toEqual(v2.messages.map((m) => m.msgId))
    expect(old.loadEnd).toBe(false)
  })

  it('hides the avatar when the previous shown message has the same sender icon', async () => {
    const { store } = storeOverServer()
    await store.open({ kind: 'v2', courseData: 'demo-open' })
    const shown = store.displayed
    expect(shown[0].showAvatar).toBe(true)
    for (let i = 1; i < shown.length; i++) {
      const same = shown[i].message.sender.faceIcon === shown[i - 1].message.sender.faceIcon
      expect([shown[i].message.msgId, shown[i].showAvatar]).toEqual([shown[i].message.msgId, !same])
    }
    expect(shown.some((row) => !row.showAvatar)).toBe(true)
    expect(shown.filter((row) => row.showAvatar).length).toBeGreaterThan(1)
  })

  it('says the course does not exist for an unknown lesson', async () => {
    const { store, toast } = storeOverServer()
    await store.open({ kind: 'v2', courseData: 'no-such-lesson' })
    expect(store.status).toBe('notFound')
    expect(store.messages).toHaveLength(0)
    expect(toast).not.toHaveBeenCalled()
  })

  it('stops at illegal lessons without reading messages', async () => {
    const { store } = storeOverServer()
    await store.open({ kind: 'v2', courseData: 'demo-illegal' })
    expect(store.status).toBe('illegal')
    expect(store.messages).toHaveLength(0)
  })

  it('shows the error state when the first call fails, and keeps loaded messages when a later page fails', async () => {
    const first = storeOverServer({ failFrom: 1 }).store
    await first.open({ kind: 'v2', courseData: 'demo-open' })
    expect(first.status).toBe('error')
    expect(first.errorMessage).toBe('network request abnormal')

    const later = storeOverServer({ failFrom: 3 }).store
    await later.open({ kind: 'v2', courseData: 'demo-open' })
    expect(later.messages).toHaveLength(20)
    await later.loadMore()
    expect(later.status).toBe('ready')
    expect(later.pageError).toBe(true)
    expect(later.messages).toHaveLength(20)
    expect(later.loadEnd).toBe(false)
  })
})

describe('LessonStore page loads in flight', () => {
  it('gives every caller the same load: two loadMore calls send one request and both see the page', async () => {
    const { store, requests } = storeOverServer()
    await store.open({ kind: 'v2', courseData: 'demo-open' })
    const before = requests()
    const first = store.loadMore()
    const second = store.loadMore()
    await second
    expect(store.messages).toHaveLength(40)
    await first
    expect(requests() - before).toBe(1)
    expect(store.page).toBe(2)
  })
})

describe('LessonStore when the first page answers 404', () => {
  async function openEmptyLesson(shareUrl: string) {
    const own = await buildApp({ database: ':memory:' })
    await own.db.run("UPDATE lessons SET share_url = ? WHERE course_data = 'demo-open'", [shareUrl])
    const messages = await own.db.all<{ id: number }>("SELECT m.id FROM messages m JOIN lessons l ON l.id = m.lesson_id WHERE l.course_data = 'demo-open'")
    await new LessonRepository(own.db).deleteMessages(messages.map((m) => m.id))
    const { store } = storeOverServer({ app: own })
    await store.open({ kind: 'v2', courseData: 'demo-open' })
    await own.close()
    return store
  }

  it('goes to the share page the lesson names (spec 000 §8: 404 on the list redirects to shareUrl)', async () => {
    const store = await openEmptyLesson('http://lesson.example/lessonPay/share/demo-open/1')
    expect(store.status).toBe('toShareUrl')
    expect(store.shareTarget?.route.name).toBe('LessonPay')
    expect(store.shareTarget?.params).toMatchObject({ type: 'share', courseData: 'demo-open', payType: '1' })
  })

  it('otherwise ends the list: an empty lesson, not an error', async () => {
    const store = await openEmptyLesson('')
    expect(store.status).toBe('ready')
    expect(store.loadEnd).toBe(true)
    expect(store.messages).toHaveLength(0)
  })
})
