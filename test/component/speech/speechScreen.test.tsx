/**
 * /iatTest's screen and store (issue 14): the real store, domain and screen; the platform edge is
 * faked: the microphone, the socket and the 40 ms interval (ticked by hand).
 */
import { act } from 'react'
import { SpeechScreen, SpeechStore } from '../../../src/features/speech'
import { t } from '../../../src/locales'
import type { MicrophoneHandlers, MicrophonePlatform } from '../../../src/platform/microphone'
import type { OpenSocket, SocketHandlers } from '../../../src/platform/socket'
import type { IatAnswer, IatFrame } from '../../../types/speech'
import { $$, cleanup, press, render, text, until } from '../ui/harness'

function rig(options: { supported?: boolean; auth?: () => Promise<{ authUrl: string; appId: string }> } = {}) {
  const sent: IatFrame[] = []
  let socket: SocketHandlers | undefined
  let socketUrl = ''
  let socketClosed = false
  let mic: MicrophoneHandlers | undefined
  let micStopped = false
  let tick: (() => void) | undefined
  const microphone: MicrophonePlatform = {
    supported: () => options.supported ?? true,
    open: async (handlers) => {
      mic = handlers
      return { stop: () => void (micStopped = true) }
    },
  }
  const openSocket: OpenSocket = (url, handlers) => {
    socketUrl = url
    socket = handlers
    return {
      send: (data) => void sent.push(JSON.parse(data) as IatFrame),
      close: () => {
        socketClosed = true
        handlers.onClose()
      },
    }
  }
  const store = new SpeechStore({
    iatAuth: options.auth ?? (async () => ({ authUrl: 'ws://speech.example/iat?authorization=a', appId: 'app-1' })),
    microphone,
    openSocket,
    messages: { closed: () => 'closed', microphone: (failure) => `mic: ${failure}`, service: (failure, code) => `service ${code} ${failure}` },
    interval: { set: (run) => ((tick = run), 1), clear: () => (tick = undefined) },
  })
  return {
    store,
    sent,
    get socketUrl() {
      return socketUrl
    },
    get socketClosed() {
      return socketClosed
    },
    get micStopped() {
      return micStopped
    },
    open: () => act(async () => socket?.onOpen()),
    audio: (samples: Int16Array) => act(async () => mic?.onAudio(samples)),
    ticks: (n: number) =>
      act(async () => {
        for (let i = 0; i < n; i += 1) tick?.()
      }),
    answer: (answer: IatAnswer) => act(async () => socket?.onMessage(JSON.stringify(answer))),
    dropSocket: () => act(async () => socket?.onClose()),
  }
}

type Rig = ReturnType<typeof rig>

const loud = (n: number) => new Int16Array(n).fill(4000)
const quiet = (n: number) => new Int16Array(n)
const result = (sn: number, text: string, status: 0 | 1 | 2, extra: object = {}): IatAnswer => ({
  code: 0,
  message: 'success',
  sid: 's',
  data: { status, result: { sn, ls: status === 2, bg: 0, ed: 0, ws: [...text].map((w) => ({ bg: 0, cw: [{ w, sc: 0 }] })), ...extra } },
})

afterEach(() => cleanup())

it('streams frames every tick and shows partial results, corrected, until the tap and the last result', async () => {
  const r = rig()
  await render(<SpeechScreen store={r.store} />)
  expect(text('.speech__text')).toBe(t('speech.empty'))
  await press('.speech__button')
  await until(() => expect(r.socketUrl).toBe('ws://speech.example/iat?authorization=a'))
  await r.open()
  expect(text('.speech__status')).toBe(t('speech.listening'))
  expect($$('.speech__button')[0].getAttribute('aria-pressed')).toBe('true')
  await r.audio(loud(2000))
  await r.ticks(3)
  expect(r.sent.map((f) => [f.data.status, Buffer.from(f.data.audio, 'base64').length / 2])).toEqual([
    [0, 1280],
    [1, 720],
  ])
  expect(r.sent[0].business).toEqual({ language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: 5000, dwa: 'wpgs' })
  expect(r.sent[0].common).toEqual({ app_id: 'app-1' })
  await r.answer(result(1, '今天天起', 1, { pgs: 'apd' }))
  expect(text('.speech__text')).toBe('今天天起')
  await r.answer(result(2, '今天天气真好', 1, { pgs: 'rpl', rg: [1, 1] }))
  expect(text('.speech__text')).toBe('今天天气真好')
  await press('.speech__button')
  expect(text('.speech__status')).toBe(t('speech.finishing'))
  await r.audio(loud(100))
  await r.ticks(2)
  expect(r.sent.map((f) => f.data.status)).toEqual([0, 1, 2])
  expect(r.micStopped).toBe(true)
  await r.answer(result(3, '今天天气真好，对吧？', 2, { pgs: 'rpl', rg: [2, 2] }))
  expect(text('.speech__text')).toBe('今天天气真好，对吧？')
  expect(text('.speech__button')).toBe(t('speech.start'))
  expect(r.socketClosed).toBe(true)
  expect($$('[role="alert"]')).toHaveLength(0)
})

it('ends by itself after 5000 ms of silence', async () => {
  const r = rig()
  await render(<SpeechScreen store={r.store} />)
  await press('.speech__button')
  await until(() => expect(r.socketUrl).not.toBe(''))
  await r.open()
  await r.audio(loud(1600))
  await r.audio(quiet(16000 * 4.9))
  await r.ticks(200)
  expect(r.sent.some((f) => f.data.status === 2)).toBe(false)
  await r.audio(quiet(16000 * 0.1))
  await r.ticks(10)
  expect(r.sent[r.sent.length - 1].data.status).toBe(2)
  expect(r.micStopped).toBe(true)
})

it('a browser without WebSocket or audio gets the alert, and asks nothing', async () => {
  const auth = jest.fn()
  const r = rig({ supported: false, auth })
  await render(<SpeechScreen store={r.store} />)
  await press('.speech__button')
  expect(text('[role="dialog"] .ui-dialog__text')).toBe(t('speech.unsupported'))
  expect(auth).not.toHaveBeenCalled()
  await press('[role="dialog"] .ui-dialog__button')
  expect($$('[role="dialog"]')).toHaveLength(0)
})

it.each([
  ['the address call fails', async (): Promise<void> => undefined, () => Promise.reject(new Error('network request abnormal')), 'network request abnormal'],
  ['the service answers an error', async (r: Rig): Promise<void> => {
    await r.open()
    await r.answer({ code: 10313, message: 'app_id does not match', sid: 's' })
  }, undefined, 'service 10313 unauthorized'],
  ['the socket drops while listening', async (r: Rig): Promise<void> => {
    await r.open()
    await r.dropSocket()
  }, undefined, 'closed'],
] as const)('says so when %s', async (_, happen: (r: Rig) => Promise<void>, auth, message) => {
  const r = rig(auth ? { auth } : {})
  await render(<SpeechScreen store={r.store} />)
  await press('.speech__button')
  await until(() => expect(r.store.status === 'connecting' && r.socketUrl === '').toBe(false))
  await happen(r)
  await until(() => expect(text('.speech__error')).toBe(`${t('speech.failed')}: ${message}`))
  expect(text('.speech__button')).toBe(t('speech.start'))
})
