/**
 * Inside the native app's web view (issue 14, spec 000 §7 "Native bridge calls") the file, video
 * and image taps and the image long-press go to the app through its injected bridge; elsewhere
 * (the other cell tests) the page keeps its own behaviour. The injected bridge is the platform
 * edge faked here.
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { nativeBridge } from '../../../src/platform/bridge'
import { LONG_PRESS_MS } from '../../../src/features/lesson/cells/useLongPress'
import { fakeClock } from '../act'
import { $, mountMessage, touchAt, wire } from './support'

const IMG = 'https://cdn.example.com/p.png'
const VIDEO = 'https://cdn.example.com/v.mp4'
const FILE = 'https://files.example.com/handout.pdf'

type Handler = (answer: unknown) => void
let callHandler: jest.Mock<void, [string, string, Handler?]>
const calls = () => callHandler.mock.calls.map(([name, data]) => [name, JSON.parse(data) as unknown])

beforeEach(() => {
  callHandler = jest.fn<void, [string, string, Handler?]>()
  Object.assign(globalThis, { WebViewJavascriptBridge: { callHandler } })
})
afterEach(() => {
  delete (globalThis as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('the lesson cells', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it("an image tap is the app's openImg, not the page gallery", async () => {
    const open = jest.fn()
    await mountMessage(utils, wire(1001, { url: IMG, width: 10, height: 10 }), { open })
    utils.fireEvent.click($('.cell-image'))
    expect(calls()).toEqual([['openImg', { url: IMG, urls: [IMG] }]])
    expect(open).not.toHaveBeenCalled()
  })

  it("an image long-press is the app's photoMenu, not the save sheet", async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet')
    await mountMessage(utils, wire(1001, { url: IMG, width: 10, height: 10 }), { open: jest.fn() })
    fakeClock()
    utils.fireEvent.touchStart($('.cell-image'), touchAt(0, 0))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
    expect(calls()).toEqual([['photoMenu', { url: IMG }]])
    expect(sheet).not.toHaveBeenCalled()
  })

  it("a video tap is the app's openVideo; the page's player stays unmounted", async () => {
    await mountMessage(utils, wire(1003, { url: VIDEO }))
    utils.fireEvent.click($('.cell-video__poster'))
    expect(calls()).toEqual([['openVideo', { url: VIDEO }]])
    expect($('.cell-video').getAttribute('data-state')).toBe('poster')
  })

  it("a file tap is the app's openFileMsg, without navigating", async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo')
    await mountMessage(utils, wire(1014, { fileName: 'handout.pdf', fileExtension: 'pdf', fileLength: 2048, url: FILE }))
    utils.fireEvent.click($('.cell-file'))
    expect(calls()).toEqual([['openFileMsg', { url: FILE, fileName: 'handout.pdf', fileExtension: 'pdf', fileLength: 2048 }]])
    expect(navigate).not.toHaveBeenCalled()
  })

})

describe('getUserInfo', () => {
  it.each([
    [{ userid: 'wm_1', encryptData: 'enc', nickname: 'Li' }, { userid: 'wm_1', encryptData: 'enc', nickname: 'Li' }],
    ['{"userid":42,"encryptData":"e"}', { userid: '42', encryptData: 'e', nickname: '' }],
    ['not json', null],
    [{ userid: '' }, null],
    [null, null],
  ])('reads the answer %j as %j', async (answer, user) => {
    callHandler.mockImplementation((_, __, reply) => reply?.(answer))
    await expect(nativeBridge.getUserInfo()).resolves.toEqual(user)
  })

  it('is null outside the app, and when the app never answers', async () => {
    fakeClock()
    const pending = nativeBridge.getUserInfo()
    jest.advanceTimersByTime(3000)
    await expect(pending).resolves.toBeNull()
    delete (globalThis as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge
    expect(nativeBridge.available()).toBe(false)
    await expect(nativeBridge.getUserInfo()).resolves.toBeNull()
    expect(nativeBridge.openImg(IMG, [IMG])).toBe(false)
  })
})
