import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { buildCircleMedia } from '../../../src/domain/message/circle'
import { resolvePath } from '../../../src/domain/routes'
import { readCircleParam } from '../../../src/features/circle/readCircleParam'
import { $, HOSTILE, mountMessage, textOf, wire } from './support'

const PIC = 'https://pic.example.com'
const postData = (count: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    content: 'Morning run by the river',
    mediaType: 1,
    mediaData: JSON.stringify({
      urlPrefix: 'circle/2024',
      items: Array.from({ length: count }, (_, i) => ({ domainIndex: 0, urlSuffix: `p${i + 1}.jpg` })),
    }),
    picDomains: [PIC],
    mediaDomains: ['https://media.example.com'],
    ...extra,
  })

describe('MaterialCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('shows the text, three pictures and the total count on the fourth', async () => {
    await mountMessage(utils, wire(1008, { type: 0, data: postData(7) }))
    expect(textOf('.cell-material__content')).toBe('Morning run by the river')
    const tiles = Array.from(document.querySelectorAll('.cell-material__tile'))
    expect(tiles).toHaveLength(4)
    expect(tiles[0].querySelector('taro-image-core')?.getAttribute('src')).toBe(`${PIC}/circle/2024/p1.jpg`)
    expect(tiles[3].querySelector('.cell-material__count')?.textContent).toBe('共7张')
    expect(tiles.slice(0, 3).every((tile) => tile.querySelector('.cell-material__count') === null)).toBe(true)
    expect(textOf('.cell-material .cell-card__footer')).toBe('朋友圈')
  })

  it('shows fewer pictures without a count', async () => {
    await mountMessage(utils, wire(1008, { type: 1, data: postData(2) }))
    expect(document.querySelectorAll('.cell-material__tile')).toHaveLength(2)
    expect(document.querySelector('.cell-material__count')).toBeNull()
    expect(textOf('.cell-material--space .cell-card__footer')).toBe('群空间')
  })

  it('shows a video post as its poster with a play button', async () => {
    const data = JSON.stringify({
      content: 'Clip',
      mediaType: 2,
      mediaData: [{ domainIndex: 0, urlSuffix: 'v.mp4' }],
      urlPrefix: 'space',
      mediaDomains: ['https://media.example.com'],
    })
    await mountMessage(utils, wire(1008, { type: 1, data }))
    expect($('.cell-material__video taro-image-core').getAttribute('src')).toBe(
      'https://media.example.com/space/v.mp4?x-oss-process=video/snapshot,t_0,f_jpg,m_fast',
    )
    expect(document.querySelector('.cell-material__play')).not.toBeNull()
  })

  it.each([
    [0, 'WmCircleDetail'],
    [1, 'GroupSpaceDetail'],
  ])('type %i opens %s with the post, which the page reads back to the same media', async (type, name) => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await mountMessage(utils, wire(1008, { type, data: postData(5) }))
    utils.fireEvent.click($('.cell-material'))
    const url = navigate.mock.calls[0][0].url
    const resolved = resolvePath(url)
    expect(resolved?.route.name).toBe(name)
    const detail = readCircleParam(resolved?.params.data)
    expect(detail?.user).toEqual({ nickname: 'Teacher Li', faceIcon: 'https://cdn.example.com/t.png' })
    expect(buildCircleMedia(detail)).toEqual(buildCircleMedia(postData(5)))
  })

  it('shows a hostile post text as text (XSS)', async () => {
    await mountMessage(utils, wire(1008, { type: 0, data: postData(1, { content: HOSTILE }) }))
    expect(textOf('.cell-material__content')).toBe(HOSTILE)
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })
})

describe('ReplyCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  const quote = (msgType: number, obj: unknown, nickname = 'Student Zhao') =>
    JSON.stringify({ msgType, msgId: 'q1', obj: JSON.stringify(obj), senderUserInfo: { nickname, faceIcon: '' } })

  it('shows the reply text and the quoted text with its sender', async () => {
    await mountMessage(utils, wire(3000, { from: quote(1000, { content: 'When is the exam?' }), reply: JSON.stringify({ text: 'Next Monday' }) }))
    expect(textOf('.cell-reply .bubble__text')).toBe('Next Monday')
    expect(textOf('.cell-reply__quote-text')).toBe('Student Zhao：When is the exam?')
  })

  it('quotes a picture as [图片] with a thumbnail, and a file by its name', async () => {
    await mountMessage(utils, [
      wire(3000, { from: quote(1001, { url: 'https://cdn.example.com/q.png' }), reply: { text: 'Nice' } }),
      wire(3000, {
        from: quote(1014, { fileName: 'plan.docx', fileExtension: 'docx', fileLength: 9, url: 'https://f.example.com/plan.docx' }),
        reply: { text: 'Got it' },
      }),
    ])
    const [picture, fileQuote] = Array.from(document.querySelectorAll('.cell-reply__quote'))
    expect(picture.querySelector('.cell-reply__quote-text')?.textContent).toBe('Student Zhao：[图片]')
    expect(picture.querySelector('.cell-reply__thumb')?.getAttribute('src')).toBe('https://cdn.example.com/q.png')
    expect(fileQuote.querySelector('.cell-reply__quote-text')?.textContent).toBe('Student Zhao：[文件] plan.docx')
  })

  it('shows a hostile quoted nickname and text as text (XSS)', async () => {
    await mountMessage(utils, wire(3000, { from: quote(1000, { content: HOSTILE }, HOSTILE), reply: { text: HOSTILE } }))
    expect(textOf('.cell-reply__quote-text')).toBe(`${HOSTILE}：${HOSTILE}`)
    expect(textOf('.cell-reply .bubble__text')).toBe(HOSTILE)
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })
})
