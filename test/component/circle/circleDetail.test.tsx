import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import TestUtils from '@tarojs/test-utils-react'
import { CircleDetailScreen, FOLD_CHARS } from '../../../src/features/circle/CircleDetailScreen'
import { readCircleParam } from '../../../src/features/circle/readCircleParam'
import WmCircleDetailPage from '../../../src/packages/misc/pages/wmCircleDetail/index'
import GroupSpaceDetailPage from '../../../src/packages/misc/pages/groupSpaceDetail/index'
import '../cells/support'
import { mount, nextFrame } from '../act'

const HOSTILE = '<img src=x onerror=alert(1)>'

/** Route data as spec 000 §2 lists it for the post page. */
const routeData = (extra: Record<string, unknown> = {}) => ({
  content: 'Spring outing photos',
  mediaArr: [1, 2, 3, 4, 5].map((n) => ({ domainIndex: n % 2, urlSuffix: `p${n}.jpg` })),
  mediaPrefix: 'circle',
  picDomainArr: ['https://p0.example.com', 'https://p1.example.com'],
  mediaDomains: ['https://m.example.com'],
  isVideo: false,
  user: { nickname: 'Teacher Li', faceIcon: 'https://cdn.example.com/t.png' },
  ...extra,
})

/** What useRouter() reads; the page lifecycle names are unused here. */
const route = (params: Record<string, string>, path: string) => ({ params, path, $taroPath: path, onReady: '', onHide: '', onShow: '' })

const text = (selector: string) => document.querySelector(selector)?.textContent ?? ''

describe('CircleDetailScreen', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('shows avatar, nickname, text and a grid of every picture from the domains', async () => {
    await mount(utils, CircleDetailScreen, { detail: readCircleParam(JSON.stringify(routeData())) })
    expect(text('.circle__nickname')).toBe('Teacher Li')
    expect(document.querySelector('.circle__avatar')?.getAttribute('src')).toBe('https://cdn.example.com/t.png?x-oss-process=image/resize,m_fill,w_64,h_64')
    expect(text('.circle__text')).toBe('Spring outing photos')
    const srcs = Array.from(document.querySelectorAll('.circle__tile taro-image-core')).map((e) => e.getAttribute('src'))
    expect(srcs).toEqual([
      'https://p1.example.com/circle/p1.jpg',
      'https://p0.example.com/circle/p2.jpg',
      'https://p1.example.com/circle/p3.jpg',
      'https://p0.example.com/circle/p4.jpg',
      'https://p1.example.com/circle/p5.jpg',
    ])
    expect(document.querySelector('.circle__expander')).toBeNull()
  })

  it('previews the tapped picture among all of the post', async () => {
    await mount(utils, CircleDetailScreen, { detail: readCircleParam(JSON.stringify(routeData())) })
    utils.fireEvent.click(document.querySelectorAll('.circle__tile')[2])
    await nextFrame()
    const slides = Array.from(document.querySelectorAll('.gallery__slide:not(.gallery__slide--end)'))
    expect(slides).toHaveLength(5)
    expect(document.querySelector('.gallery__swiper')?.getAttribute('current')).toBe('2')
    expect(document.querySelector('.gallery__slide--end')).not.toBeNull()
  })

  it('folds a long text behind "full text" and unfolds it', async () => {
    const long = 'a'.repeat(FOLD_CHARS + 1)
    await mount(utils, CircleDetailScreen, { detail: readCircleParam(JSON.stringify(routeData({ content: long }))) })
    expect(document.querySelector('.circle__text--folded')).not.toBeNull()
    utils.fireEvent.click(document.querySelector('.circle__expander') as Element)
    expect(document.querySelector('.circle__text--folded')).toBeNull()
    expect(text('.circle__expander')).toBe('收起')
  })

  it('shows a video post as its poster (offset 0) with a play button', async () => {
    const data = routeData({ isVideo: true, mediaArr: [{ domainIndex: 0, urlSuffix: 'v.mp4' }] })
    await mount(utils, CircleDetailScreen, { detail: readCircleParam(JSON.stringify(data)) })
    expect(document.querySelector('.circle__video .cell-video__poster-img')?.getAttribute('src')).toBe(
      'https://m.example.com/circle/v.mp4?x-oss-process=video/snapshot,t_0,f_jpg,m_fast',
    )
    expect(document.querySelector('.circle__tile')).toBeNull()
  })

  it('shows hostile text and nickname as text (XSS)', async () => {
    const data = routeData({ content: HOSTILE, user: { nickname: HOSTILE } })
    await mount(utils, CircleDetailScreen, { detail: readCircleParam(JSON.stringify(data)) })
    expect(text('.circle__text')).toBe(HOSTILE)
    expect(text('.circle__nickname')).toBe(HOSTILE)
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })
})

describe('readCircleParam', () => {
  it('reads plain, URL-encoded and double-encoded JSON alike', () => {
    const json = JSON.stringify(routeData())
    const plain = readCircleParam(json)
    expect(plain?.mediaArr).toHaveLength(5)
    expect(readCircleParam(encodeURIComponent(json))).toEqual(plain)
    expect(readCircleParam(encodeURIComponent(encodeURIComponent(json)))).toEqual(plain)
  })

  it.each([undefined, '', '{"content":', '%E0%A4%A', 'null', '42'])('rejects %j', (raw) => {
    expect(readCircleParam(raw)).toBeUndefined()
  })
})

describe('post pages', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' })
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('WmCircleDetail reads the data parameter', async () => {
    Current.router = route({ data: JSON.stringify(routeData()) }, '/packages/misc/pages/wmCircleDetail/index')
    await mount(utils, WmCircleDetailPage, {})
    expect(text('.circle__nickname')).toBe('Teacher Li')
    expect(Taro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '圈子详情' })
  })

  it('GroupSpaceDetail shows an error state for a broken data parameter', async () => {
    Current.router = route({ data: '{"content":"cut' }, '/packages/misc/pages/groupSpaceDetail/index')
    await mount(utils, GroupSpaceDetailPage, {})
    expect(document.querySelector('.circle')).toBeNull()
    expect(text('.state-view--error')).toContain('内容无法打开')
  })
})
