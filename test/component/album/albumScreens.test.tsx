/**
 * /lessonAlbum, /addFaceWM and /tmp on the H5 runtime, each state. The real page shells, stores
 * and album api run; only the request, the share gateway and Taro's navigation (the edge) are faked.
 */
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import type { Album } from '../../../types/album'
import { toPageUrl } from '../../../src/domain/routes'
import type { ShareContent } from '../../../src/platform/share'
import LessonAlbumPage from '../../../src/packages/misc/pages/lessonAlbum/index'
import AddFaceWMPage from '../../../src/packages/misc/pages/addFaceWM/index'
import TmpPage from '../../../src/packages/misc/pages/tmp/index'
import { mount, settle, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, click, text, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'
import { stringMatching } from '../../matchers'

const ALBUM = '/wmim/course/album/qryAlbumInfo.do'
const STICKER = '/wx/ki/wx/expression/queryInfo.do'

const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })

const ENGLISH: Album = {
  albumInfo: { albumPic: 'https://cdn.example.com/a.png', albumName: '英语口语专辑', albumIntro: '三节课带你开口说英语。' },
  courseArray: [
    { courseName: '日常寒暄', coursePic: 'https://cdn.example.com/1.png', courseUrl: 'http://127.0.0.1:3000/lesson?courseData=demo-open', duration: 754 },
    { courseName: '职场表达', coursePic: 'https://cdn.example.com/2.png', courseUrl: 'http://127.0.0.1:3000/lesson?courseData=demo-paid', duration: 3725 },
  ],
}

describe('misc pages', () => {
  const rig = screenRig()

  async function showPage(Page: () => JSX.Element, params: Record<string, string>, path: string, routes: Record<string, Handler>) {
    const backend = fakeBackend(routes)
    const shared: ShareContent[] = []
    const stores = testAppStores({ transport: () => backend.deps, share: () => ({ setShareContent: async (content) => void shared.push(content) }) })
    Current.router = route(params, path)
    await mount(rig.utils, WithStores, { stores, children: <Page /> })
    return { backend, shared }
  }

  describe('/lessonAlbum', () => {
    it('shows the album, the lesson count and rows with durations; a row opens its lesson', async () => {
      const { backend } = await showPage(LessonAlbumPage, { data: 'album-english' }, '/lessonAlbum', { [ALBUM]: () => ok({ object: ENGLISH }) })
      await until(() => expect(text('.album__name')).toBe('英语口语专辑'))
      expect(backend.calls).toEqual([{ path: ALBUM, body: { data: 'album-english' } }])
      expect(text('.album__badge')).toBe('专辑')
      expect(text('.album__intro')).toBe('三节课带你开口说英语。')
      expect(document.querySelector('.album__cover')?.getAttribute('aria-label')).toBe('英语口语专辑 的封面')
      expect(text('.album__count')).toBe('共 2 节课')
      expect([...document.querySelectorAll('.album__row-duration')].map((e) => e.textContent)).toEqual(['12:34', '1:02:05'])
      const [first] = [...document.querySelectorAll('.album__row')]
      expect(first.getAttribute('role')).toBe('link')
      expect(first.getAttribute('aria-label')).toBe('日常寒暄，时长 12:34')
      rig.utils.fireEvent.click(first)
      expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('Lesson', { courseData: 'demo-open' }) })
    })

    it('the share control shows the top-right hint, which closes; the share carries the album', async () => {
      const { shared } = await showPage(LessonAlbumPage, { data: 'album-english' }, '/lessonAlbum', { [ALBUM]: () => ok({ object: ENGLISH }) })
      await until(() => expect(text('.album__name')).toBe('英语口语专辑'))
      await until(() => expect(shared).toHaveLength(1))
      expect(shared[0]).toEqual({ title: '英语口语专辑', desc: '内容由微脉App导出', imageUrl: 'https://cdn.example.com/a.png', link: stringMatching(/^http/) })
      click(rig.utils, '.album__share')
      await until(() => expect(text('.album__hint-text')).toBe('点击右上角 ··· 分享给好友或朋友圈'))
      expect(document.querySelector('.album__hint')?.getAttribute('role')).toBe('dialog')
      click(rig.utils, '.album__hint-close')
      await until(() => expect(document.querySelector('.album__hint')).toBeNull())
    })

    it('an album without lessons says so', async () => {
      await showPage(LessonAlbumPage, { data: 'album-empty' }, '/lessonAlbum', {
        [ALBUM]: () => ok({ object: { ...ENGLISH, courseArray: [] } }),
      })
      await until(() => expect(text('.album__count')).toBe('共 0 节课'))
      expect(text('.state-view--empty .state-view__title')).toBe('专辑里还没有课程')
    })

    it('an unknown album says it does not exist; a failed call offers a retry', async () => {
      await showPage(LessonAlbumPage, { data: 'gone' }, '/lessonAlbum', { [ALBUM]: () => refuse(404, 'the album does not exist') })
      await until(() => expect(text('.state-view--empty .state-view__title')).toBe('专辑不存在'))
      rig.utils.unmout()
      let fail = true
      await showPage(LessonAlbumPage, { data: 'album-english' }, '/lessonAlbum', { [ALBUM]: () => (fail ? refuse(500, 'db down') : ok({ object: ENGLISH })) })
      await until(() => expect(text('.state-view--error .state-view__detail')).toBe('db down'))
      fail = false
      click(rig.utils, '.state-view__action')
      await until(() => expect(text('.album__name')).toBe('英语口语专辑'))
    })

    it('without its data says the link is incomplete and calls nothing', async () => {
      const { backend } = await showPage(LessonAlbumPage, {}, '/lessonAlbum', {})
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('专辑链接不完整'))
      expect(backend.calls).toEqual([])
    })
  })

  describe('/addFaceWM', () => {
    const WX_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx'

    it('shows the four steps; step 1 says authorize until bound, and goes to wxUrl', async () => {
      const assign = jest.fn()
      const original = window.location
      Object.defineProperty(window, 'location', { configurable: true, value: { ...original, href: original.href, assign } })
      try {
        const { backend, shared } = await showPage(AddFaceWMPage, { d: 'sticker-new' }, '/addFaceWM', { [STICKER]: () => ok({ object: { wxUrl: WX_URL, isBind: 0 } }) })
        await until(() => expect(document.querySelectorAll('.sticker__step')).toHaveLength(4))
        expect(backend.calls).toEqual([{ path: STICKER, body: { d: 'sticker-new' } }])
        expect([...document.querySelectorAll('.sticker__step-no')].map((e) => e.textContent)).toEqual(['第 1 步', '第 2 步', '第 3 步', '第 4 步'])
        expect(document.querySelector('.sticker__qr')?.getAttribute('aria-label')).toBe('微脉公众号二维码')
        expect(text('.sticker__authorize')).toBe('授权')
        click(rig.utils, '.sticker__authorize')
        await until(() => expect(assign).toHaveBeenCalledWith(WX_URL))
        expect(shared[0]).toMatchObject({ title: '添加微脉表情', desc: '四步把微信表情添加到微脉，聊天更有趣' })
      } finally {
        Object.defineProperty(window, 'location', { configurable: true, value: original })
      }
    })

    it('a bound user sees authorized, which does nothing', async () => {
      await showPage(AddFaceWMPage, { d: 'sticker-bound' }, '/addFaceWM', { [STICKER]: () => ok({ object: { wxUrl: WX_URL, isBind: 1 } }) })
      await until(() => expect(text('.sticker__authorize')).toBe('已授权'))
      expect(document.querySelector('.sticker__authorize')?.getAttribute('aria-disabled')).toBe('true')
    })

    it('a failed call shows the network-exception text and retries', async () => {
      let fail = true
      await showPage(AddFaceWMPage, { d: 'sticker-new' }, '/addFaceWM', {
        [STICKER]: () => (fail ? refuse(500, 'down') : ok({ object: { wxUrl: WX_URL, isBind: 1 } })),
      })
      await until(() => expect(text('.state-view--error .state-view__title')).toBe('网络异常，请稍后再试'))
      fail = false
      click(rig.utils, '.state-view__action')
      await until(() => expect(text('.sticker__authorize')).toBe('已授权'))
    })
  })

  describe('/tmp', () => {
    it('says it is redirecting, then after 0.5 s replaces itself with /lessonPay and the same query', async () => {
      const redirectTo = jest.spyOn(Taro, 'redirectTo').mockImplementation(() => Promise.resolve({ errMsg: 'redirectTo:ok' }))
      try {
        await showPage(TmpPage, { type: 'share', courseData: 'demo-paid', payType: '1' }, '/tmp', {})
        expect(text('.state-view__title')).toBe('正在跳转…')
        await settle(300)
        expect(redirectTo).not.toHaveBeenCalled()
        await settle(300)
        expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('LessonPay', { type: 'share', courseData: 'demo-paid', payType: '1' }) })
      } finally {
        redirectTo.mockRestore()
      }
    })
  })
})
