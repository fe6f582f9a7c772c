/**
 * Resume on any device, the client's half (src/stores/resume): the real player and the real api
 * over a faked request (the platform edge): what is sent while listening, how often, and what a
 * lesson offers when another device's place on the server is newer.
 */
import { createClient } from '../../../src/api/client'
import { createResumeApi } from '../../../src/api/resume'
import { RESUME_SYNC_INTERVAL_MS, type ResumePlace } from '../../../src/domain/resume'
import { STORAGE_KEYS } from '../../../src/domain/storageKeys'
import { PlayerStore, type PlaylistSource } from '../../../src/stores/player'
import { RESUME_STAMP_PREFIX, ResumeSync } from '../../../src/stores/resume'
import { FakeEngine } from '../../component/player/support'
import { voiceMessage } from '../../fixtures/messages'
import { memoryStorage } from '../../fixtures/storage'

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

interface Sent {
  path: string
  fields: Record<string, string>
}

function setUp(options: { loggedIn?: boolean; remote?: ResumePlace | null; storage?: Record<string, string>; failSaves?: boolean } = {}) {
  let now = 1_800_000_000_000
  const sent: Sent[] = []
  const hide: Array<() => void> = []
  const storage = memoryStorage(options.storage)
  const session = { loggedIn: options.loggedIn ?? true }
  const { post } = createClient({
    baseUrl: () => '',
    request: async ({ url, body }) => {
      const fields = Object.fromEntries(new URLSearchParams(body))
      sent.push({ path: url, fields })
      if (url.endsWith('/save.do')) {
        if (options.failSaves) throw new Error('offline')
        return { statusCode: 200, data: { code: 200, msg: '', data: { object: { kept: 1 } } } }
      }
      const remote = fields.courseData === 'demo-all-types' ? (options.remote ?? null) : null
      return { statusCode: 200, data: { code: 200, msg: '', data: { object: remote } } }
    },
    toast: () => undefined,
    goProfile: () => {
      throw new Error('a background save must never open /profile')
    },
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  })
  const engine = new FakeEngine()
  const player = new PlayerStore(engine, storage)
  const sync = new ResumeSync({
    player,
    api: createResumeApi(post),
    session,
    storage,
    device: { kind: () => 'browser', onHide: (listener) => (hide.push(listener), () => undefined) },
    now: () => now,
  })
  const stop = sync.start()
  const lesson = (key = 'demo-all-types'): PlaylistSource => ({
    key,
    title: 'Lesson',
    coverImgUrl: '',
    messages: [voiceMessage(1, { duration: 600 }), voiceMessage(2, { duration: 600 })],
    loadEnd: true,
    loadMore: () => Promise.resolve(),
  })
  /** `seconds` of listening, the engine reporting its time every 250 ms as a real one does */
  const listen = async (seconds: number, from: number) => {
    for (let t = 0; t <= seconds * 4; t++) {
      now += 250
      engine.listener.onTimeUpdate(from + t / 4, 600)
      // the engine's events come one task after another
      await flush()
    }
    await flush()
  }
  const saves = () => sent.filter((s) => s.path.endsWith('/save.do')).map((s) => s.fields)
  /** The lesson `key` attached and its voice v1 playing, as a tap starts it and the engine reports it. */
  const startPlaying = async (key?: string) => {
    player.attach(lesson(key))
    await player.playVoice('v1')
    engine.listener.onPlay()
  }
  /** A tap on pause, as the engine reports it. */
  const pause = async () => {
    player.pause()
    engine.listener.onPause()
    await flush()
  }
  return { engine, player, sync, storage, session, sent, saves, hide, lesson, listen, stop, startPlaying, pause, advance: (ms: number) => (now += ms) }
}

describe('saving the place while listening', () => {
  it('sends a place a little behind the playhead, about every 20 s of play and no more', async () => {
    const t = setUp()
    await t.startPlaying()
    await t.listen(120, 0)
    const saves = t.saves()
    // the first moment of play, then one per interval: 2 minutes make 7 at most
    expect(saves.length).toBeGreaterThanOrEqual(6)
    expect(saves.length).toBeLessThanOrEqual(7)
    const last = saves[saves.length - 1]
    expect(last).toMatchObject({ courseData: 'demo-all-types', msgId: 'v1', device: 'browser' })
    expect(Number(last.position)).toBeLessThan(120)
    expect(Number(last.position)).toBeGreaterThanOrEqual(120 - RESUME_SYNC_INTERVAL_MS / 1000 - 3)
    expect(last.deviceId).toBe(t.storage.get(STORAGE_KEYS.resumeDevice))
  })

  it('sends at once on a pause and when the app is hidden, but not twice for the same place', async () => {
    const t = setUp()
    await t.startPlaying()
    await t.listen(5, 0)
    const before = t.saves().length
    await t.pause()
    expect(t.saves().length).toBe(before + 1)
    expect(Number(t.saves()[before].position)).toBe(2)
    t.hide.forEach((listener) => listener())
    await flush()
    expect(t.saves().length).toBe(before + 1)
  })

  it('a pause sends a place that moved only a second since the last one sent', async () => {
    const t = setUp()
    await t.startPlaying()
    await t.listen(4, 0)
    expect(t.saves().map((s) => s.position)).toEqual(['0'])
    await t.pause()
    expect(t.saves().map((s) => s.position)).toEqual(['0', '1'])
  })

  it('a stop sends the last place heard, never the 0 the stopped player shows', async () => {
    const t = setUp()
    await t.startPlaying()
    await t.listen(10, 0)
    t.player.stop()
    await flush()
    const last = t.saves()[t.saves().length - 1]
    expect(last).toMatchObject({ msgId: 'v1', position: '7' })
  })

  it('sends nothing for a logged-out listener, nor for an old `data` link, and asks nothing', async () => {
    for (const [loggedIn, key] of [
      [false, 'demo-all-types'],
      [true, 'legacy:legacy-all-types'],
    ] as const) {
      const t = setUp({ loggedIn })
      await t.startPlaying(key)
      await t.listen(60, 0)
      await t.pause()
      expect(t.sent).toEqual([])
      t.stop()
    }
  })

  it('a failed save neither toasts nor floods: the next one goes with the next interval', async () => {
    const t = setUp({ failSaves: true })
    await t.startPlaying()
    await t.listen(60, 0)
    expect(t.saves().length).toBeLessThanOrEqual(4)
    expect(t.storage.get(RESUME_STAMP_PREFIX + 'demo-all-types')).toBeUndefined()
  })
})

describe('what a lesson offers when it opens', () => {
  const phone: ResumePlace = { msgId: 'v2', position: 754, at: 1_800_000_000_000 - 60_000, deviceId: 'phone-aaaaaaaa', device: 'miniProgram' }

  it('offers another device\'s newer place, and playing it starts that voice there', async () => {
    const t = setUp({ remote: phone })
    t.player.attach(t.lesson())
    await flush()
    expect(t.sent.map((s) => s.path)).toEqual(['/wmim/course/v2/resume/get.do'])
    expect(t.sync.shownOffer).toEqual({ courseData: 'demo-all-types', msgId: 'v2', position: 754, device: 'miniProgram' })
    await t.sync.accept()
    expect(t.engine.loads[0]).toMatchObject({ src: 'https://media.example/v2.mp3', startAt: 754 })
    expect(t.sync.shownOffer).toBeUndefined()
    expect(t.player.resumeOffer).toBeUndefined()
  })

  it('keeps this device\'s own place when it was saved after the other device\'s', async () => {
    const t = setUp({
      remote: phone,
      storage: {
        'player.resume.demo-all-types': JSON.stringify({ msgId: 'v1', position: 30 }),
        [RESUME_STAMP_PREFIX + 'demo-all-types']: String(phone.at + 1_000),
      },
    })
    t.player.attach(t.lesson())
    await flush()
    expect(t.sync.shownOffer).toBeUndefined()
    expect(t.player.resumeOffer).toEqual({ msgId: 'v1', position: 30 })
  })

  it('offers nothing for a place this device saved itself', async () => {
    const t = setUp({ storage: { [STORAGE_KEYS.resumeDevice]: 'this-device-1234' }, remote: { ...phone, deviceId: 'this-device-1234' } })
    t.player.attach(t.lesson())
    await flush()
    expect(t.sync.shownOffer).toBeUndefined()
  })

  it('drops an answer for a lesson the listener has left', async () => {
    const t = setUp({ remote: phone })
    t.player.attach(t.lesson())
    t.player.attach(t.lesson('other-lesson'))
    await flush()
    expect(t.sync.offer).toBeUndefined()
  })
})
