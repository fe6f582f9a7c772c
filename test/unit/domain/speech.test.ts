import fc from 'fast-check'
import {
  FRAME_SAMPLES,
  FrameQueue,
  Resampler,
  SilenceWatch,
  Transcript,
  base64,
  encodeFrame,
  pcm16Base64,
  readIatAnswer,
  toPcm16,
} from '../../../src/domain/speech'
import type { IatResult } from '../../../types/speech'

const samples = (n: number, value = 1000) => new Int16Array(n).fill(value)

/** Takes frames until the queue gives none or is done; `ending` from the start. */
function drain(queue: FrameQueue, ending: boolean) {
  const frames: { status: number; length: number }[] = []
  for (let tick = 0; tick < 10_000; tick += 1) {
    const frame = queue.take(ending)
    if (!frame) break
    frames.push({ status: frame.status, length: frame.samples.length })
  }
  return frames
}

describe('FrameQueue: 1280 samples a tick, statuses 0/1/2', () => {
  it('sends nothing before there is audio', () => {
    expect(new FrameQueue().take(false)).toBeNull()
  })

  it('opens with status 0, continues with 1, and closes with 2 once the audio has ended', () => {
    const queue = new FrameQueue()
    queue.push(samples(3000))
    expect(drain(queue, false)).toEqual([
      { status: 0, length: 1280 },
      { status: 1, length: 1280 },
      { status: 1, length: 440 },
    ])
    expect(queue.take(false)).toBeNull()
    queue.push(samples(100))
    expect(drain(queue, true)).toEqual([{ status: 2, length: 100 }])
    expect(queue.done).toBe(true)
    expect(queue.take(true)).toBeNull()
  })

  it('drains a backlog at 1280 a tick before the last frame', () => {
    const queue = new FrameQueue()
    queue.push(samples(5000))
    expect(drain(queue, true)).toEqual([
      { status: 0, length: 1280 },
      { status: 1, length: 1280 },
      { status: 1, length: 1280 },
      { status: 2, length: 1160 },
    ])
  })

  it('an empty last frame when everything has gone already', () => {
    const queue = new FrameQueue()
    queue.push(samples(1280))
    expect(drain(queue, false)).toEqual([{ status: 0, length: 1280 }])
    expect(drain(queue, true)).toEqual([{ status: 2, length: 0 }])
  })

  it('ending before any audio still opens and closes the session', () => {
    expect(drain(new FrameQueue(), true)).toEqual([
      { status: 0, length: 0 },
      { status: 2, length: 0 },
    ])
  })

  it('ignores audio after the last frame', () => {
    const queue = new FrameQueue()
    drain(queue, true)
    queue.push(samples(10))
    expect(queue.pending).toBe(0)
  })

  it('keeps every sample in order whatever the chunking (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 3000 }), { maxLength: 12 }), (chunks) => {
        const queue = new FrameQueue()
        const sent: number[] = []
        const statuses: number[] = []
        for (const chunk of chunks) {
          queue.push(Int16Array.from(chunk))
          const frame = queue.take(false)
          if (frame) {
            sent.push(...frame.samples)
            statuses.push(frame.status)
          }
        }
        for (let tick = 0; tick < 10_000 && !queue.done; tick += 1) {
          const frame = queue.take(true)
          if (!frame) break
          sent.push(...frame.samples)
          statuses.push(frame.status)
        }
        expect(sent).toEqual(chunks.flat())
        expect(statuses[0]).toBe(0)
        expect(statuses[statuses.length - 1]).toBe(2)
        expect(statuses.slice(1, -1).every((s) => s === 1)).toBe(true)
        expect(statuses.filter((s) => s === 2)).toHaveLength(1)
      }),
    )
  })

  it('never cuts a frame longer than 1280 samples', () => {
    const queue = new FrameQueue()
    queue.push(samples(FRAME_SAMPLES * 3 + 1))
    for (const frame of drain(queue, true)) expect(frame.length).toBeLessThanOrEqual(FRAME_SAMPLES)
  })
})

describe('encodeFrame', () => {
  it('puts the business parameters in the first frame only', () => {
    const first = encodeFrame({ status: 0, samples: Int16Array.from([1, -1]) }, 'app-1')
    expect(first).toEqual({
      common: { app_id: 'app-1' },
      business: { language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: 5000, dwa: 'wpgs' },
      data: { status: 0, format: 'audio/L16;rate=16000', encoding: 'raw', audio: 'AQD//w==' },
    })
    expect(encodeFrame({ status: 1, samples: new Int16Array(0) }, 'app-1')).toEqual({
      data: { status: 1, format: 'audio/L16;rate=16000', encoding: 'raw', audio: '' },
    })
    expect(Object.keys(encodeFrame({ status: 2, samples: new Int16Array(0) }, 'a'))).toEqual(['data'])
  })
})

describe('pcm', () => {
  it('base64 matches Node for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
      }),
    )
  })

  it('writes samples little-endian', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -32768, max: 32767 })), (values) => {
        const decoded = Buffer.from(pcm16Base64(Int16Array.from(values)), 'base64')
        expect(Array.from({ length: values.length }, (_, i) => decoded.readInt16LE(2 * i))).toEqual(values)
      }),
    )
  })

  it('clips, and reads NaN as silence', () => {
    expect(Array.from(toPcm16(Float32Array.from([0, 1, -1, 2, -2, NaN, 0.5])))).toEqual([0, 32767, -32768, 32767, -32768, 0, 16384])
  })

  it.each([48000, 44100, 22050, 16000, 8000])('resamples %i Hz to 16 kHz: the count and a tone survive, chunking changes nothing', (rate) => {
    const seconds = 0.5
    const tone = Float32Array.from({ length: rate * seconds }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / rate))
    const whole = new Resampler(rate).push(tone)
    expect(Math.abs(whole.length - 16000 * seconds)).toBeLessThanOrEqual(2)
    const chunked = new Resampler(rate)
    const parts: number[] = []
    for (let i = 0; i < tone.length; i += 777) parts.push(...chunked.push(tone.subarray(i, i + 777)))
    expect(parts.length).toBe(whole.length)
    parts.forEach((v, i) => expect(v).toBeCloseTo(whole[i], 5))
    // the 440 Hz tone at 16 kHz, give or take the averaging
    const expected = (i: number) => Math.sin((2 * Math.PI * 440 * i) / 16000)
    const error = whole.slice(10, 7000).reduce((max, v, i) => Math.max(max, Math.abs(v - expected(i + 10))), 0)
    expect(error).toBeLessThan(0.12)
  })

  it.each([0, -1, NaN, Infinity])('refuses a rate of %p', (rate) => {
    expect(() => new Resampler(rate)).toThrow(RangeError)
  })
})

describe('SilenceWatch: 5000 ms without speech ends the recording', () => {
  const ms = (n: number) => (n * 16000) / 1000

  it('ends after 5000 ms of silence, not before', () => {
    const watch = new SilenceWatch()
    expect(watch.feed(samples(ms(1000), 3000))).toBe(false)
    expect(watch.feed(samples(ms(4960), 0))).toBe(false)
    expect(watch.feed(samples(ms(40), 0))).toBe(true)
  })

  it('speech resets the count', () => {
    const watch = new SilenceWatch()
    watch.feed(samples(ms(4900), 10))
    watch.feed(samples(ms(40), 5000))
    expect(watch.feed(samples(ms(4900), 0))).toBe(false)
    expect(watch.feed(samples(ms(100), 0))).toBe(true)
  })

  it('counts silence from the start when nothing is said', () => {
    const watch = new SilenceWatch()
    expect(watch.feed(samples(ms(5000), 50))).toBe(true)
  })

  it('an empty chunk changes nothing', () => {
    const watch = new SilenceWatch()
    watch.feed(samples(ms(4999), 0))
    expect(watch.feed(new Int16Array(0))).toBe(false)
  })
})

const result = (sn: number, text: string, extra: Partial<IatResult> = {}): IatResult => ({
  sn,
  ls: false,
  bg: 0,
  ed: 0,
  ws: [...text].map((w) => ({ bg: 0, cw: [{ w, sc: 0 }] })),
  ...extra,
})

describe('Transcript: partial results with dynamic correction', () => {
  it('appends results in order', () => {
    const t = new Transcript()
    t.apply(result(1, '今天'))
    t.apply(result(2, '天气', { pgs: 'apd' }))
    expect(t.text).toBe('今天天气')
  })

  it('replaces the range rg names', () => {
    const t = new Transcript()
    t.apply(result(1, '今天', { pgs: 'apd' }))
    t.apply(result(2, '天起', { pgs: 'apd' }))
    t.apply(result(3, '今天天气真好', { pgs: 'rpl', rg: [1, 2] }))
    expect(t.text).toBe('今天天气真好')
    t.apply(result(4, '，对吧？', { pgs: 'apd' }))
    t.apply(result(5, '，对吧？', { pgs: 'rpl', rg: [4, 4] }))
    expect(t.text).toBe('今天天气真好，对吧？')
  })

  it('reads a reversed range, one past the results, and results out of order', () => {
    const t = new Transcript()
    t.apply(result(2, 'b'))
    t.apply(result(1, 'a'))
    expect(t.text).toBe('ab')
    t.apply(result(3, 'X', { pgs: 'rpl', rg: [2, 1] }))
    expect(t.text).toBe('X')
    t.apply(result(4, 'Y', { pgs: 'rpl', rg: [50, 90] }))
    expect(t.text).toBe('XY')
  })

  it('matches a model of the protocol on any sequence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ text: fc.string({ maxLength: 4 }), replaceBack: fc.nat({ max: 3 }) }), { maxLength: 30 }),
        (steps) => {
          const t = new Transcript()
          let model: { sn: number; text: string }[] = []
          steps.forEach((step, i) => {
            const sn = i + 1
            const from = Math.max(1, sn - step.replaceBack)
            const r = step.replaceBack > 0 ? result(sn, step.text, { pgs: 'rpl', rg: [from, sn - 1] }) : result(sn, step.text, { pgs: 'apd' })
            t.apply(r)
            if (step.replaceBack > 0) model = model.filter((m) => m.sn < from || m.sn > sn - 1)
            model.push({ sn, text: step.text })
            expect(t.text).toBe(model.map((m) => m.text).join(''))
          })
        },
      ),
    )
  })
})

describe('readIatAnswer', () => {
  const answer = (value: unknown) => readIatAnswer(JSON.stringify(value))

  it('reads a result', () => {
    expect(answer({ code: 0, message: 'success', sid: 's1', data: { status: 1, result: { sn: 2, ls: false, bg: 0, ed: 0, pgs: 'rpl', rg: [1, 1], ws: [{ bg: 0, cw: [{ w: '好', sc: 0 }] }] } } })).toEqual({
      code: 0,
      message: 'success',
      sid: 's1',
      data: { status: 1, result: { sn: 2, ls: false, bg: 0, ed: 0, pgs: 'rpl', rg: [1, 1], ws: [{ bg: 0, cw: [{ w: '好', sc: 0 }] }] } },
    })
  })

  it('reads an error without data, and a last answer without a result', () => {
    expect(answer({ code: 10313, message: 'unauthorized', sid: '' })).toEqual({ code: 10313, message: 'unauthorized', sid: '' })
    expect(answer({ code: 0, message: 'success', sid: 's', data: { status: 2, result: null } })?.data).toEqual({ status: 2, result: null })
  })

  it.each([
    'not json',
    '[]',
    '{"message":"x"}',
    '{"code":"0"}',
    '{"code":0,"data":{"status":3,"result":null}}',
    '{"code":0,"data":{"status":1,"result":{"sn":0,"ws":[]}}}',
    '{"code":0,"data":{"status":1,"result":{"sn":1,"ws":"x"}}}',
    '{"code":0,"data":{"status":1,"result":{"sn":1,"ws":[],"pgs":"rpl"}}}',
    '{"code":0,"data":{"status":1,"result":{"sn":1,"ws":[],"pgs":"bad"}}}',
    '{"code":0,"data":{"status":1,"result":{"sn":1,"ws":[{"cw":5}]}}}',
    '{"code":0,"data":"x"}',
  ])('refuses %s', (raw) => {
    expect(readIatAnswer(raw)).toBeNull()
  })

  it('never throws (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (raw) => void readIatAnswer(raw)))
  })
})
