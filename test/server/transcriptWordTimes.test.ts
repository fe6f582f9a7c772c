/**
 * Word times for transcripts that follow the voice (issue 35 item 1). iFlytek's IAT gives each
 * word its first and last frame (`wb`/`we`, 10 ms; punctuation untimed): the speech stand-in
 * answers them for a seeded recording, the app's own reader keeps them, and a voice payload that
 * kept them from the conversion reaches the client unchanged with the lesson's message list.
 */
import type { FastifyInstance } from 'fastify'
import { MEDIA_DIR, buildApp } from '../../server/app'
import { WEATHER_WORDS } from '../../server/lesson/seedAllTypes'
import { loadRecordings, wordFrames } from '../../server/speech/recordings'
import { readIatWords } from '../../src/domain/listening/iatWords'
import { sentencesFromWords } from '../../src/domain/listening/sentences'
import { Transcript } from '../../src/domain/speech'
import type { ArrayData } from '../../types/api'
import { lessonCalls, type WireMessage } from '../../types/lesson'
import { post } from './helpers'
import { framesOf, recording, transcribe } from './speechSupport'
import { testDatabase } from './engines'

describe('word times from the speech service to the transcript', () => {
  let app: FastifyInstance
  let base: string
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => app.close())

  it('the stand-in times each spoken word in the session audio and the app reader keeps the times', async () => {
    // 1.2 s of silence before the recording: every time moves by 120 frames
    const lead = new Int16Array(16 * 1200)
    const clip = recording('weather')
    const audio = new Int16Array(lead.length + clip.length)
    audio.set(clip, lead.length)
    const { answers, text } = await transcribe(app, base, (appId) => framesOf(audio, appId))
    expect(text).toBe('今天天气真好，对吧？')
    const transcript = new Transcript()
    for (const answer of answers) if (answer.data?.result) transcript.apply(answer.data.result)
    const words = transcript.words
    expect(words.map((w) => w.cw[0]?.w).join('')).toBe(text)
    const weather = loadRecordings(MEDIA_DIR).find((r) => r.name === 'weather')
    if (!weather) throw new Error('no weather recording')
    const expected = wordFrames(weather)
    for (const [i, word] of words.entries()) {
      if (expected[i].we === 0) expect([word.wb, word.we]).toEqual([0, 0])
      else expect(Math.abs((word.wb ?? 0) - (expected[i].wb + 120))).toBeLessThanOrEqual(4)
    }
    // as sentence times: one sentence, from where the speech starts in the session to its end
    const timed = sentencesFromWords(readIatWords(words) ?? [])
    expect(timed?.estimated).toBe(false)
    expect(timed?.sentences).toHaveLength(1)
    expect(timed?.sentences[0].start).toBeGreaterThanOrEqual(1.15)
    expect(timed?.sentences[0].end).toBeLessThan(1.2 + clip.length / 16000)
  })

  it('a voice payload with word times comes out of the message list as stored, and they are the service answer for it', async () => {
    const weather = loadRecordings(MEDIA_DIR).find((r) => r.name === 'weather')
    if (!weather) throw new Error('no weather recording')
    expect(WEATHER_WORDS.map(({ cw, wb, we }) => ({ w: cw[0].w, wb, we }))).toEqual(wordFrames(weather))

    const { body } = await post<ArrayData<WireMessage>>(app, lessonCalls.messages.path, { courseData: 'demo-all-types', page: 2, pageSize: 20 })
    expect(body.code).toBe(200)
    const stored = body.data.array.map((m) => m.obj).find((obj): obj is string => typeof obj === 'string' && obj.includes('voice-weather'))
    if (!stored) throw new Error('voice-weather not on page 2')
    const payload = JSON.parse(stored) as { text: string; ws: unknown }
    expect(payload.text).toBe('今天天气真好，对吧？')
    expect(payload.ws).toEqual(WEATHER_WORDS)
    expect(readIatWords(payload.ws)?.[0]).toEqual({ text: '今', start: 0, end: 0.46 })
  })
})
