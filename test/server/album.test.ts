/** The course album (queryLessonAlbum) and the sticker guide's info call (spec 001 §3, §7). */
import type { FastifyInstance } from 'fastify'
import type { Album, StickerAuth } from '../../types/album'
import { post, testApp } from './helpers'
import { stringContaining } from '../matchers'

const ALBUM = '/wmim/course/album/qryAlbumInfo.do'
const STICKER = '/wx/ki/wx/expression/queryInfo.do'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

describe('album', () => {
  it('answers the album and its lessons in order, with absolute links and durations in seconds', async () => {
    const { body } = await post<{ object: Album }>(app, ALBUM, { data: 'album-english' }, { host: 'example.test:3000' })
    expect(body.code).toBe(200)
    expect(body.data.object.albumInfo).toEqual({
      albumPic: 'http://example.test:3000/media/slide-1.png',
      albumName: '英语口语专辑',
      albumIntro: stringContaining('三节课'),
    })
    expect(body.data.object.courseArray.map((c) => [c.courseUrl, c.duration])).toEqual([
      ['http://example.test:3000/lesson?courseData=demo-open', 754],
      ['http://example.test:3000/lesson?courseData=demo-paid', 3725],
      ['http://example.test:3000/lesson?courseData=demo-password', 59],
    ])
    expect(body.data.object.courseArray[0]).toMatchObject({ courseName: '英语口语：地道的日常寒暄', coursePic: 'http://example.test:3000/media/slide-1.png' })
  })

  it('answers an album without lessons with an empty list', async () => {
    const { body } = await post<{ object: Album }>(app, ALBUM, { data: 'album-empty' })
    expect(body.data.object.courseArray).toEqual([])
  })

  it('leaves an illegal lesson out', async () => {
    await app.db.run("INSERT INTO album_lessons SELECT 'album-empty', 1, id, 10 FROM lessons WHERE course_data = 'demo-illegal'")
    const { body } = await post<{ object: Album }>(app, ALBUM, { data: 'album-empty' })
    expect(body.data.object.courseArray).toEqual([])
  })

  it('answers 404 for an unknown album and 400 for a missing or oversized handle', async () => {
    expect((await post(app, ALBUM, { data: 'no-such-album' })).body.code).toBe(404)
    expect((await post(app, ALBUM, {})).body.code).toBe(400)
    expect((await post(app, ALBUM, { data: 'a'.repeat(129) })).body.code).toBe(400)
  })
})

describe('sticker info', () => {
  it('answers isBind and the authorization page that returns to the guide', async () => {
    const bound = await post<{ object: StickerAuth }>(app, STICKER, { d: 'sticker-bound' }, { host: 'example.test' })
    expect(bound.body.data.object.isBind).toBe(1)
    // the authorisation starts on this server, which binds the guide's user when WeChat returns (wechatLogin.test.ts)
    expect(bound.body.data.object.wxUrl).toBe('http://example.test/wmim/wechat/sticker?d=sticker-bound')
    const fresh = await post<{ object: StickerAuth }>(app, STICKER, { d: 'sticker-new' })
    expect(fresh.body.data.object.isBind).toBe(0)
  })

  it('answers 404 for an unknown d and 400 for a missing one', async () => {
    expect((await post(app, STICKER, { d: 'nobody' })).body.code).toBe(404)
    expect((await post(app, STICKER, {})).body.code).toBe(400)
  })
})
