/**
 * Issue 34 item 2.6 on the H5 runtime: files, images and audio in a NetEase IM room. The play
 * answer carries NetEase's app key; the page composes the chat as src/packages/live/stores.ts does
 * (createChatroomClient with our server's sendNetEase call, the chunked upload api), and the real
 * live store, chat store, NetEase client and screen run. Faked at the edges: the request (a fake
 * backend answering the upload's init and the send as test/server/chatroom/nimFiles.test.ts shows
 * the server does), the chunk POST, the system's file chooser, and NetEase's SDK
 * (test/fixtures/fakeNim.ts) — whose echo of the message, sent by NetEase's server, is shown once.
 */
import { act } from 'react'
import type { LiveInfo } from '../../../types/live'
import type { LoginData } from '../../../types/login'
import type { ChatFile, NetEaseFileMessage } from '../../../types/chatUpload'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import { createChatUploadApi, type SendChunk } from '../../../src/api/chatUpload'
import { LiveHomeScreen, LiveHomeStore } from '../../../src/features/live'
import { createChatroomClient } from '../../../src/im'
import { chatFilePlatform, type PickedFile } from '../../../src/platform/chatFile'
import { feedback } from '../../../src/platform/feedback'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, text, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'
import { FakeNimRoom, type FakeNimInstance } from '../../fixtures/fakeNim'

const INFO = '/wmim/live/query/info.do'
const PLAY = '/wmim/live/query/play/info.do'
const INIT = '/wmim/live/chatroom/upload/init.do'
const SEND = '/wmim/live/chatroom/upload/sendNetEase.do'

const BUYER: LoginData = { loginData: 'login-buyer', isWeMaiUser: 1, nickname: '学员阿杰', faceIcon: '', token: 'token-buyer', userid: 'wm_buyer' }

const playing = (): LiveInfo => ({
  courseData: 'live-now', title: '英语口语直播', faceIcon: '', liveP: 0, liveF: 0, duration: 0, watchCount: 36, isPlayBack: 0, privacyStatus: 1,
  nickname: '林老师', hostFaceIcon: '', wmid: 'wm_teacher', groupid: 'group-live-now', mediaType: 0, status: 1, beginTime: Date.UTC(2024, 2, 8, 4),
  playUrl: 'http://localhost/hls/live-now/live.m3u8?token=t', isSubscribe: 0, loginUrl: '', isAppOnly: 0, hasPlayBack: 0, isPlayPass: 0,
  watchData: { watchNickname: '学员阿杰', watchFaceIcon: '', appKey: 'nim-app-key', account: 'wm_buyer', imToken: 'nim-token', chatroomId: '3001', chatroomAddresses: ['chatroom.netease.im:443'] },
})

const STORED: ChatFile = { type: 'image', url: '/media/store/ab/x.png', ext: 'png', size: 8, name: '板书.png', w: 64, h: 48 }
/** the file as the server sends it to NetEase: its absolute url */
const ATTACH: ChatFile = { ...STORED, url: 'https://live.example.com/media/store/ab/x.png' }

const picked = (name: string, size: number): PickedFile => ({ name, size, read: async (offset, length) => new Uint8Array(length).fill(offset).buffer })

describe('files in a NetEase room', () => {
  const rig = screenRig()
  // jsdom has no media playback (the platform edge); restored after each test with the chooser's and toast's spies
  beforeEach(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })
  afterEach(() => jest.restoreAllMocks())

  /** The page as the live package composes it, with `send` answering our server's sendNetEase. */
  async function show(send: Handler) {
    const backend = fakeBackend({
      [INFO]: () => ok({ object: { ...playing(), playUrl: '', watchData: null } }),
      [PLAY]: () => ok({ object: playing() }),
      [INIT]: () => ok({ object: { uploadId: 'u1', token: 'tk', chunkSize: 4 } }),
      [SEND]: send,
    })
    const post = createClient(backend.deps).post
    // the second chunk waits for the test, so the row's progress can be read half way
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const chunks: string[] = []
    const sendChunk: SendChunk = async (path) => {
      chunks.push(path)
      const offset = Number(/offset=(\d+)/.exec(path)?.[1])
      if (offset === 0) return { statusCode: 200, data: { offset: 4, context: 'u1' } }
      await held
      return { statusCode: 200, data: { offset: 8, context: 'u1', file: STORED } }
    }
    const chatUpload = createChatUploadApi(post, sendChunk)
    const nim = new FakeNimRoom()
    const store = new LiveHomeStore({
      api: createLiveApi(post, async () => ({ watchCount: 36 })),
      login: () => BUYER,
      signedIn: () => true,
      createClient: (appKey) =>
        createChatroomClient(appKey, { openSocket: () => { throw new Error('a NetEase room opens no socket of ours') }, loadNimSdk: async () => nim }, { sendNetEaseFile: (chatroomId, url, idClient) => chatUpload.sendNetEase(chatroomId, url, idClient) }),
      uploadFile: (chatroomId, kind, name, file, onProgress) => chatUpload.upload(chatroomId, kind, name, file, onProgress),
      guestNick: () => '游客',
      notice: () => undefined,
      messageOf: (err) => (err instanceof Error ? err.message : String(err)),
    })
    await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveHomeScreen store={store} onLogin={() => undefined} /> })
    await act(async () => store.load('live-now', 'live'))
    await until(() => expect(nim.instances.at(-1)?.connected).toBe(true))
    return { backend, nim, chunks, release }
  }

  const attach = (label: string): Element => {
    const found = [...document.querySelectorAll('.live-attach__button')].find((b) => b.getAttribute('aria-label') === label)
    if (!found) throw new Error(`no button ${label}`)
    return found
  }
  const press = (el: Element) => act(async () => void rig.utils.fireEvent.click(el))

  it('offers image, audio and file; an image uploads with its progress, goes through our server, and shows once NetEase echoes it', async () => {
    const sent: NetEaseFileMessage = { idClient: '', from: 'wm_buyer', fromNick: '学员阿杰', fromAvatar: '', time: 1_700_000_000_500, type: 1, attach: ATTACH }
    const { backend, nim, chunks, release } = await show((body) => ok({ object: { ...sent, idClient: body.idClient } }))
    await until(() => expect(document.querySelector('.live-attach')).not.toBeNull())
    expect([...document.querySelectorAll('.live-attach__button')].map((b) => b.getAttribute('aria-label'))).toEqual(['发送图片', '发送音频', '发送文件'])
    jest.spyOn(chatFilePlatform, 'pick').mockResolvedValue({ ...picked('板书.png', 8), previewUrl: 'blob:local' })

    await press(attach('发送图片'))
    await until(() => expect(text('.live-file__progress')).toBe('上传中 50%'))
    expect(backend.calls.find((c) => c.path === INIT)?.body).toEqual({ chatroomId: '3001', type: 'image', name: '板书.png', size: '8' })
    expect(backend.calls.some((c) => c.path === SEND)).toBe(false)
    await act(async () => release())
    await until(() => expect(document.querySelector('.live-file__thumb-image')?.getAttribute('src')).toContain('https://live.example.com/media/store/ab/x.png'))
    expect(chunks.map((p) => /offset=\d+&complete=\w+/.exec(p)?.[0])).toEqual(['offset=0&complete=false', 'offset=4&complete=true'])
    const asked = backend.calls.filter((c) => c.path === SEND).map((c) => c.body)
    expect(asked).toEqual([{ chatroomId: '3001', url: '/media/store/ab/x.png', idClient: expect.any(String) as string }])
    expect(document.querySelector('.live-file__progress')).toBeNull()

    // NetEase delivers the message to every member, the sender too, as sent by its server
    const sdk = nim.instances.at(-1) as FakeNimInstance
    await act(async () => {
      sdk.emit('chatroomMsg', { chatroomId: '3001', idClient: asked[0]?.idClient ?? '', from: 'wm_buyer', time: sent.time, type: 'image', body: { ...ATTACH }, fromClientType: 'Server', flow: 'in' })
      await new Promise((r) => setTimeout(r, 250))
    })
    expect(document.querySelectorAll('.live-file__thumb')).toHaveLength(1)
  })

  it("the server's refusal is the row's words; a file the room cannot take is refused before any upload", async () => {
    const toast = jest.spyOn(feedback, 'toast').mockImplementation(() => undefined)
    const { backend, release } = await show(() => refuse(403, '你已被禁言'))
    release()
    const pick = jest.spyOn(chatFilePlatform, 'pick')

    pick.mockResolvedValueOnce(picked('朗读.mp3', 50 * 1024 * 1024 + 1))
    await press(attach('发送音频'))
    await until(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '音频文件过大（超过 50MB），请压缩或分段录制后再发送' })))
    pick.mockResolvedValueOnce(picked('page.html', 10))
    await press(attach('发送文件'))
    await until(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '不支持发送这种类型的文件' })))
    expect(backend.calls.some((c) => c.path === INIT)).toBe(false)

    pick.mockResolvedValueOnce(picked('板书.png', 8))
    await press(attach('发送图片'))
    await until(() => expect(text('.live-file__error')).toBe('你已被禁言'))
  })

  it('shows an image NetEase\'s server sent, and not one a member\'s SDK sent around our server', async () => {
    const { nim } = await show(() => ok({ object: {} }))
    const sdk = nim.instances.at(-1) as FakeNimInstance
    await act(async () => {
      sdk.emit('chatroomMsg', { chatroomId: '3001', idClient: 'web-1', from: 'nim_troll', time: 1, type: 'image', body: { url: 'https://nos.example.com/big.png', ext: 'png', size: 99_000_000, name: 'x.png' }, fromClientType: 'Web', flow: 'in' })
      sdk.emit('chatroomMsg', { chatroomId: '3001', idClient: 'srv-1', from: 'wm_teacher', time: 2, type: 'image', body: { ...ATTACH }, fromClientType: 'Server', flow: 'in' })
      await new Promise((r) => setTimeout(r, 250))
    })
    const images = [...document.querySelectorAll('.live-file__thumb-image')].map((i) => i.getAttribute('src'))
    expect(images).toHaveLength(1)
    expect(images[0]).toContain('https://live.example.com/media/store/ab/x.png')
  })
})
