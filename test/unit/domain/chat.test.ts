import fc from 'fast-check'
import { nextReconnectStep, reconnectDelay } from '../../../src/domain/chat/backoff'
import { IM_LIMITS } from '../../../src/domain/chat/constants'
import { flowOf, isDisplayed, normaliseLiveMessage, type RawRoomMessage } from '../../../src/domain/chat/liveMessage'
import { mergeMessages } from '../../../src/domain/chat/merge'
import { looksLikeMessagingId, maskNickname } from '../../../src/domain/chat/nickname'

const viewer = { account: 'me', deviceId: 'dev-1' }

describe('reconnection backoff (spec 001 §4, §9)', () => {
  it('starts at 500 ms, doubles, caps at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000, 10000])
  })

  it('never leaves the backoff bounds, whatever the attempt', () => {
    fc.assert(fc.property(fc.oneof(fc.double(), fc.integer(), fc.constant(Number.MAX_VALUE)), (n) => {
      const d = reconnectDelay(n)
      return d >= IM_LIMITS.backoffMinMs && d <= IM_LIMITS.backoffMaxMs
    }))
  })

  it('walks the addresses in turn, then one final try with all of them after the reopen delay, then stops', () => {
    const steps = Array.from({ length: 12 }, (_, failed) => nextReconnectStep(failed, 3))
    expect(steps.slice(0, 4).map((s) => s?.addresses)).toEqual([[0], [1], [2], [0]])
    expect(steps[10]).toEqual({ attempt: 11, delayMs: 3000, addresses: [0, 1, 2], final: true })
    expect(steps[11]).toBeUndefined()
  })

  it('has no plan for hostile counts', () => {
    for (const [failed, count] of [[-1, 2], [0, 0], [0, -3], [Number.NaN, 2], [1.5, 2], [0, Number.POSITIVE_INFINITY]]) {
      expect(nextReconnectStep(failed, count)).toBeUndefined()
    }
  })
})

describe('nickname masking (spec 001 §5)', () => {
  it('masks ID-like names after 5 characters with three asterisks', () => {
    expect(maskNickname('wxid_k3j2h1g0')).toBe('wxid_***')
    expect(maskNickname('13800000001')).toBe('13800***')
    expect(maskNickname('abc123')).toBe('abc12***')
  })

  it('leaves chosen names alone: other scripts, spaces, no digit, short', () => {
    for (const nick of ['林老师', 'Anna Lee', 'justletters', 'ab12', '', 'wx id 123456', '学员_123456']) expect(maskNickname(nick)).toBe(nick)
  })

  it('never shows more than 5 characters of an ID-like name, and never throws', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (nick) => {
      const masked = maskNickname(nick)
      return looksLikeMessagingId(nick) ? masked === `${nick.slice(0, 5)}***` : masked === nick
    }))
  })
})

describe('flow (spec 001 §3)', () => {
  it('is out for the viewer’s own messages and in for everyone else’s', () => {
    expect(flowOf({ from: 'me' }, viewer)).toBe('out')
    expect(flowOf({ from: 'other' }, viewer)).toBe('in')
  })

  it('for a message to itself, is out only from this device', () => {
    expect(flowOf({ from: 'me', to: 'me', fromDeviceId: 'dev-1' }, viewer)).toBe('out')
    expect(flowOf({ from: 'me', to: 'me', fromDeviceId: 'dev-2' }, viewer)).toBe('in')
  })

  it('is in for a robot reply with an output, and for a viewer without an account', () => {
    expect(flowOf({ from: 'me', robotOutput: { text: 'hi' } }, viewer)).toBe('in')
    expect(flowOf({ from: '' }, { account: '', deviceId: 'x' })).toBe('in')
  })
})

describe('live chat message normalisation', () => {
  const content = { msgType: 'TEXT', text: 'hi', senderUserInfo: { nickname: 'Ann', faceIcon: 'f.png', uid: 'ann', updateTime: 5 }, time: 1 }
  const raw = (over: Partial<RawRoomMessage> = {}): RawRoomMessage => ({ idClient: 'c1', from: 'ann', time: 100, type: 100, body: JSON.stringify(content), ...over })

  it('reads the content JSON of a custom message, with the room’s time', () => {
    expect(normaliseLiveMessage(raw(), viewer)).toEqual({
      idClient: 'c1', from: 'ann', time: 100, flow: 'in', msgType: 'TEXT', text: 'hi', type: '',
      sender: { nickname: 'Ann', faceIcon: 'f.png', uid: 'ann', updateTime: 5 },
    })
  })

  it('reads the notice and the native hello; only comments and hellos are listed', () => {
    const notice = normaliseLiveMessage(raw({ body: JSON.stringify({ msgType: 'NOTI_NODISPLAY', type: 'live_deinit' }) }), viewer)
    expect(notice).toMatchObject({ msgType: 'NOTI_NODISPLAY', type: 'live_deinit' })
    expect(notice && isDisplayed(notice)).toBe(false)
    const hello = normaliseLiveMessage(raw({ type: 'custom', body: { msgType: 99999, text: 'hello' } }), viewer)
    expect(hello && isDisplayed(hello)).toBe(true)
  })

  it('reads a plain text message, the sender from the message', () => {
    expect(normaliseLiveMessage(raw({ type: 'text', body: 'plain', fromNick: 'Ann N' }), viewer)).toMatchObject({ msgType: 'TEXT', text: 'plain', sender: { nickname: 'Ann N', uid: 'ann' } })
  })

  it('refuses what is not a live chat message', () => {
    for (const bad of [raw({ idClient: '' }), raw({ from: 7 }), raw({ time: -1 }), raw({ time: 'soon' }), raw({ type: 1 }), raw({ body: '{' }), raw({ body: '{"msgType":"IMAGE"}' }), raw({ type: 'text', body: {} })]) {
      expect(normaliseLiveMessage(bad, viewer)).toBeUndefined()
    }
  })

  it('never throws on hostile input', () => {
    fc.assert(fc.property(fc.record({ idClient: fc.anything(), from: fc.anything(), time: fc.anything(), type: fc.anything(), body: fc.oneof(fc.anything(), fc.json()) }), (r) => {
      const m = normaliseLiveMessage(r, viewer)
      return m === undefined || (typeof m.text === 'string' && Number.isFinite(m.time))
    }))
  })
})

describe('merging by client message id', () => {
  const m = (idClient: string, time: number) => ({ idClient, time })

  it('keeps one per id, orders by time, keeps the newest up to the limit', () => {
    expect(mergeMessages([m('a', 1), m('c', 3)], [m('b', 2), m('a', 9), m('c', 3)]).map((x) => x.idClient)).toEqual(['a', 'b', 'c'])
    expect(mergeMessages([m('a', 1), m('b', 2)], [m('c', 3)], 2).map((x) => x.idClient)).toEqual(['b', 'c'])
  })

  it('for any deliveries: unique ids, sorted, bounded', () => {
    const msg = fc.record({ idClient: fc.string({ maxLength: 3 }), time: fc.oneof(fc.integer(), fc.double()) })
    fc.assert(fc.property(fc.array(msg), fc.array(msg), fc.integer({ min: -5, max: 50 }), (a, b, limit) => {
      const out = mergeMessages(a, b, limit)
      const ids = out.map((x) => x.idClient)
      const distinct = new Set([...a, ...b].map((x) => x.idClient)).size
      const t = (x: { time: number }) => (Number.isFinite(x.time) ? x.time : 0)
      return new Set(ids).size === ids.length
        && out.every((x, i) => i === 0 || t(out[i - 1]) <= t(x))
        && out.length === (limit > 0 ? Math.min(limit, distinct) : distinct)
    }))
  })
})
