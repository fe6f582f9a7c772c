import TestUtils from '@tarojs/test-utils-react'
import type { LessonApi } from '../../../src/api/lesson'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { LessonStore } from '../../../src/features/lesson/LessonStore'
import { WithStores, testAppStores } from '../appStores'
import type { WireMessage } from '../../../types/lesson'
import './support'
import { mount } from '../act'
import { lessonInfo } from '../../fixtures/lessonInfo'

const image = (id: number): WireMessage => ({
  id,
  msgId: `img-${id}`,
  msgType: 1001,
  sendTime: 1712025000000 + id,
  obj: JSON.stringify({ url: `https://cdn.example.com/${id}.png`, width: 800, height: 600 }),
  senderUserInfo: { nickname: 'Teacher Li', faceIcon: '' },
})

function fakeApi(messages: WireMessage[]): LessonApi {
  const info = lessonInfo({ createTimestamp: 1712025000000, nickname: 'Teacher Li' })
  return {
    info: jest.fn(async () => ({ found: true as const, info })),
    messages: jest.fn(async () => ({ kind: 'page' as const, messages })),
    pictures: jest.fn(),
    apply: jest.fn(),
  }
}

describe('the lesson screen mounts the gallery', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('an old link (no picture call) pages through the loaded images from the tapped one', async () => {
    const store = new LessonStore(fakeApi([image(1), image(2), image(3)]))
    await mount(utils, WithStores, { stores: testAppStores(), children: <LessonScreen link={{ kind: 'legacy', data: 'old' }} store={store} /> })
    const cells = (await utils.queries.waitForQuerySelectorAll('.cell-image')) as NodeListOf<Element>
    expect(cells).toHaveLength(3)
    utils.fireEvent.click(cells[1])
    const slides = (await utils.queries.waitForQuerySelectorAll('.gallery__slide')) as NodeListOf<Element>
    expect(slides).toHaveLength(4)
    expect(document.querySelector('.gallery__swiper')?.getAttribute('current')).toBe('1')
  })
})
