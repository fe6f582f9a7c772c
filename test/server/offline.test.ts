/**
 * Lessons offline (server/offline): a download holds what the listener may read in full and the
 * files those messages use, nothing more; paid and password lessons only for those entitled.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../types/api'
import type { OfflineLessonFiles } from '../../types/offline'
import { BUYER, TEACHER, VISITOR, post, testApp } from './helpers'
import type { Fields } from './helpers'

const FILES = '/wmim/course/v2/offline/files.do'
let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

const files = (fields: Fields, session: Record<string, string> = {}) => post<ObjectData<OfflineLessonFiles>>(app, FILES, fields, session)

describe('what a download may hold', () => {
  it('gives an open lesson\'s every message and each voice and picture once, with the sizes of the files it keeps', async () => {
    const { body } = await files({ courseData: 'demo-all-types' })
    expect(body.code).toBe(200)
    const { messages, files: list, courseName } = body.data.object
    const count = await app.db.one<{ n: number }>(`SELECT message_count AS n FROM lessons WHERE course_data = 'demo-all-types'`)
    expect(messages).toHaveLength(count?.n ?? -1)
    expect(courseName).not.toBe('')
    const urls = list.map((f) => f.url)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls.some((u) => /\/media\/voice\/intro\.mp3$/.test(u))).toBe(true)
    const intro = list.find((f) => f.url.endsWith('/media/voice/intro.mp3'))
    expect(intro?.bytes).toBeGreaterThan(1000)
    // nothing but voices, pictures and the cover
    expect(urls.some((u) => /\.mp4(\?|$)/.test(u))).toBe(false)
  })

  it('refuses a paid lesson to a listener who has not bought it, even one with a free preview', async () => {
    for (const session of [{}, VISITOR]) {
      const { body } = await files({ courseData: 'demo-paid' }, session)
      expect(body.code).toBe(601)
      expect(body.data).toBeNull()
    }
  })

  it('gives a paid lesson to its buyer and to its author', async () => {
    expect((await files({ courseData: 'paid-bought' }, BUYER)).body.code).toBe(200)
    const author = await app.db.one<{ wmid: string }>(`SELECT wmid FROM lessons WHERE course_data = 'demo-paid'`)
    expect(author?.wmid).toBe(TEACHER.userid)
    expect((await files({ courseData: 'demo-paid' }, TEACHER)).body.code).toBe(200)
  })

  it('gives a password lesson only with its password, and counts wrong ones as the message list does', async () => {
    expect((await files({ courseData: 'demo-password' })).body.code).toBe(403)
    expect((await files({ courseData: 'demo-password', coursePass: '8888' })).body.code).toBe(200)
    const answers = []
    for (let i = 0; i < 8; i++) answers.push((await files({ courseData: 'demo-password', coursePass: `wrong${i}` })).body.code)
    expect(answers).toContain(429)
  })

  it('refuses an unknown lesson and hostile fields', async () => {
    expect((await files({ courseData: 'no-such-lesson' })).body.code).toBe(404)
    expect((await files({ courseData: '' })).body.code).toBe(400)
    expect((await files({ courseData: 'demo-password', coursePass: 'x'.repeat(65) })).body.code).toBe(400)
    expect((await files({ courseData: 'demo-illegal' })).body.code).toBe(451)
  })
})
