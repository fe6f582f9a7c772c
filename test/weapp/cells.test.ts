/**
 * @jest-environment jsdom
 */
import type { FastifyInstance } from 'fastify'
import { LessonRepository } from '../../server/lesson/data'
import cells from '../../src/locales/zh-CN/cells'
import { loadPage, optionsOf, type LoadedPage } from './harness'
import { all, attributeOf, matching, reachBottom, tap, type SimNode } from './taroTree'

/**
 * Message cells of the compiled mini-program on the all-types demo lesson
 * (server/lesson/seedAllTypes.ts): images, the native image viewer, files and videos.
 */

const ALL_TYPES = 'demo-all-types'

/** The seed's picture messages in lesson order: 017's resourceUrl replaces its stale obj.url. */
const FIRST_PAGE_IMAGES = ['/media/image/wide.jpg', '/media/image/tall.jpg', '/media/image/square.png', '/media/image/bars.jpg']
const LESSON_IMAGES = [...FIRST_PAGE_IMAGES, '/media/image/chart.png', '/media/slide-1.png', '/media/image/wide.jpg', '/media/slide-2.png', '/media/slide-3.png']

const absolute = /^https?:\/\/[^/]+(\/.*)$/

/** The path of an absolute URL; fails the test for anything else (relative, empty, not a string). */
function pathOf(url: unknown): string {
  const match = typeof url === 'string' ? absolute.exec(url) : null
  if (!match) throw new Error(`not an absolute URL: ${String(url)}`)
  return match[1]
}

async function fetchFromServer(server: FastifyInstance, url: unknown) {
  return server.inject({ method: 'GET', url: pathOf(url) })
}

/** The nodes of `nodes` inside `container` (itself included). */
function within(container: SimNode, nodes: SimNode[]): SimNode[] {
  return nodes.filter((node) => node.dom !== undefined && container.dom?.contains(node.dom) === true)
}

function requestedUrls(page: LoadedPage): string[] {
  return page.wx.request.mock.calls.map(([options]: [{ url: string }]) => options.url)
}

describe('message cells in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  async function openAllTypes(setupWx?: Parameters<typeof loadPage>[2]): Promise<LoadedPage> {
    page = await loadPage('pages/lesson/index', { courseData: ALL_TYPES }, setupWx)
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length >= 20)
    return loaded
  }

  it('renders image cells with the absolute URLs the server answers, which the server serves', async () => {
    const loaded = await openAllTypes()
    const sources = all(loaded, '.cell-image .cell-image__img').map((img) => attributeOf(loaded, img, 'src'))
    expect(sources.map(pathOf)).toEqual(FIRST_PAGE_IMAGES)
    for (const src of sources) {
      const res = await fetchFromServer(loaded.server, src)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^image\//)
    }
  })

  it('opens the tapped image in the native viewer with every picture of the lesson, from the picture list', async () => {
    const loaded = await openAllTypes()
    const images = all(loaded, '.cell-image')
    const tappedSrc = attributeOf(loaded, all(loaded, '.cell-image .cell-image__img')[1], 'src')
    await tap(images[1])
    await loaded.waitFor(() => loaded.wx.previewImage.mock.calls.length > 0)

    expect(requestedUrls(loaded).some((url) => url.endsWith('/wmim/course/v2/message/picture/list.do'))).toBe(true)
    expect(loaded.wx.previewImage).toHaveBeenCalledTimes(1)
    const { current, urls } = optionsOf(loaded.wx.previewImage)[0] as { current: string; urls: string[] }
    expect(current).toBe(tappedSrc)
    expect(pathOf(current)).toBe('/media/image/tall.jpg')
    // pictures beyond the loaded page are in the viewer too: it pages the whole list first
    expect(urls.map(pathOf)).toEqual(LESSON_IMAGES)
    // the viewer replaces the in-page gallery: nothing is drawn over the list
    expect(loaded.root.querySelectorAll('.gallery')).toHaveLength(0)
  })

  it('says "please open in the app" for every file and never navigates', async () => {
    const loaded = await openAllTypes()
    expect(loaded.root.querySelectorAll('.cell-file')).toHaveLength(0)
    reachBottom(loaded)
    await loaded.waitFor(() => loaded.root.querySelectorAll('.cell-file').length >= 4)
    const files = all(loaded, '.cell-file')
    // pdf, docx, txt and mp3: the mp3 would open the audio player page in a browser
    expect(files.map((file) => file.dom?.textContent ?? '')).toEqual([
      expect.stringContaining('课堂讲义.pdf'),
      expect.stringContaining('课后练习.docx'),
      expect.stringContaining('课堂笔记.txt'),
      expect.stringContaining('听力材料.mp3'),
    ])
    for (const [index, file] of files.entries()) {
      await tap(file)
      await loaded.waitFor(() => loaded.wx.showToast.mock.calls.length === index + 1)
    }
    for (const [options] of loaded.wx.showToast.mock.calls as [{ title: string; icon: string }][]) {
      expect(options).toEqual(expect.objectContaining({ title: cells['cells.file.openInApp'], icon: 'none' }))
    }
    expect(loaded.wx.navigateTo).not.toHaveBeenCalled()
    expect(loaded.wx.redirectTo).not.toHaveBeenCalled()
    expect(loaded.wx.reLaunch).not.toHaveBeenCalled()
  })

  describe('videos', () => {
    /** A second video message right after 014, so two video cells share the first page. */
    const addSecondVideo = async (_wx: unknown, server: FastifyInstance): Promise<void> => {
      const video = await server.db.one<{ lessonId: number; sendTime: number; sender: string }>(
        'SELECT lesson_id AS "lessonId", send_time AS "sendTime", sender FROM messages WHERE msg_id = ?',
        [`${ALL_TYPES}-014`],
      )
      if (!video) throw new Error('the seed has no video 014')
      await new LessonRepository(server.db).addMessages([
        {
          lessonId: video.lessonId,
          msgId: `${ALL_TYPES}-014b`,
          msgType: 1003,
          sendTime: video.sendTime + 1,
          sender: video.sender,
          obj: JSON.stringify({ url: '/media/video/demo.mp4#second', width: 240, height: 320 }),
        },
      ])
    }

    it('shows the poster the server snapshots, and plays in a video node once tapped', async () => {
      const loaded = await openAllTypes()
      const [cell] = all(loaded, '.cell-video')
      expect(loaded.root.querySelectorAll('.cell-video--poster')).toHaveLength(1)
      expect(loaded.root.querySelectorAll('.cell-video video, .cell-video__player')).toHaveLength(0)
      const poster = attributeOf(loaded, all(loaded, '.cell-video__poster-img')[0], 'src')
      expect(pathOf(poster)).toMatch(/^\/media\/video\/demo\.mp4\?x-oss-process=video\/snapshot/)
      const posterRes = await fetchFromServer(loaded.server, poster)
      expect(posterRes.statusCode).toBe(200)
      expect(posterRes.headers['content-type']).toMatch(/^image\//)

      await tap(all(loaded, '.cell-video__poster')[0])
      await loaded.waitFor(() => loaded.root.querySelectorAll('.cell-video--playing').length === 1)
      expect(loaded.root.querySelectorAll('.cell-video__poster')).toHaveLength(0)
      const [player] = all(loaded, '.cell-video__player')
      expect(within(cell, [player])).toHaveLength(1)
      expect(player.dom?.tagName.toLowerCase()).toBe('wx-video')
      expect(pathOf(attributeOf(loaded, player, 'src'))).toBe('/media/video/demo.mp4')
      expect(attributeOf(loaded, player, 'poster')).toBe(poster)
    })

    it('stops the playing video when another one starts', async () => {
      const loaded = await openAllTypes(addSecondVideo)
      await loaded.waitFor(() => loaded.root.querySelectorAll('.cell-video').length === 2)
      const videos = all(loaded, '.cell-video')
      const playingIn = (index: number): boolean => within(videos[index], matching(loaded, '.cell-video__player')).length > 0

      await tap(all(loaded, '.cell-video__poster')[0])
      await loaded.waitFor(() => playingIn(0))
      expect(playingIn(1)).toBe(false)

      // the second cell's poster is now the only poster on the page
      await tap(all(loaded, '.cell-video__poster')[0])
      await loaded.waitFor(() => playingIn(1))
      expect(playingIn(0)).toBe(false)
      expect(within(videos[0], matching(loaded, '.cell-video__poster'))).toHaveLength(1)
      expect(within(videos[0], matching(loaded, '.cell-video--poster'))).toHaveLength(1)
      expect(loaded.root.querySelectorAll('.cell-video--playing')).toHaveLength(1)
      expect(loaded.root.querySelectorAll('.cell-video__player')).toHaveLength(1)
      expect(pathOf(attributeOf(loaded, all(loaded, '.cell-video__player')[0], 'src'))).toBe('/media/video/demo.mp4#second')
    })
  })
})
