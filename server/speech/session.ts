/**
 * One connection to the speech stand-in, speaking iFlytek's IAT v2 protocol (types/speech.ts):
 * the first frame (status 0) names the app and the business parameters, frames of status 1
 * carry audio, status 2 ends it. Partial results arrive as the audio is recognised, each
 * replacing the one before (`pgs: 'rpl'`, `rg`), and the last (`ls`, status 2) holds the whole
 * transcript of a seeded recording, or nothing for audio it does not know. The session also ends
 * on its own after `vad_eos` ms of silence following speech. Errors answer the protocol's codes,
 * then the socket closes. Everything lives in the connection, so any worker can serve it.
 */
import { IAT_FORMAT, IatErrorCode } from '../../types/speech'
import type { FrameStatus, IatAnswer, IatResult } from '../../types/speech'
import { envelope, FRAMES_PER_WINDOW, isSpeech, recognise, WINDOW_MS, wordFrames, type Match, type Recording } from './recordings'

const RATE = 16000
const WINDOW_SAMPLES = (RATE * WINDOW_MS) / 1000
/** iFlytek's limit: 60 s of audio per session */
export const MAX_AUDIO_MS = 60_000
/** how often a partial result is tried, in windows of new audio (400 ms) */
const PARTIAL_EVERY = 10
const VAD_EOS_RANGE = { min: 1000, max: 10_000, default: 2000 } as const

export interface SessionOutput {
  send(answer: IatAnswer): void
  close(): void
}

/**
 * The first `length` characters of the match's text as iFlytek's words, each with its time in
 * this session's audio (`wb`/`we`, frames of 10 ms): the recording's word times moved to where it
 * began in what was heard; a word before the session's start is clamped to 0.
 */
function words(match: Match | null, length: number): IatResult['ws'] {
  if (!match) return []
  const shift = match.lag * FRAMES_PER_WINDOW
  return wordFrames(match.recording)
    .slice(0, length)
    .map(({ w, wb, we }, i) => ({ bg: i, cw: [{ w, sc: 0 }], wb: we === 0 ? 0 : Math.max(0, wb + shift), we: we === 0 ? 0 : Math.max(0, we + shift) }))
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

export class IatSession {
  private started = false
  private finished = false
  private vadEosMs: number = VAD_EOS_RANGE.default
  /** 16 kHz samples not yet a whole window */
  private rest = new Int16Array(0)
  private readonly heard: number[] = []
  private speechSeen = false
  private quietWindows = 0
  private sn = 0
  /** the numbers of the results the client's transcript holds now */
  private shown: number[] = []
  private shownLength = 0
  private triedAt = 0

  constructor(
    private readonly appId: string,
    private readonly recordings: readonly Recording[],
    private readonly out: SessionOutput,
    private readonly sid: string,
  ) {}

  get done(): boolean {
    return this.finished
  }

  receive(raw: string): void {
    if (this.finished) return
    let frame: Record<string, unknown> | undefined
    try {
      frame = record(JSON.parse(raw))
    } catch {
      frame = undefined
    }
    const data = record(frame?.data)
    if (!frame || !data) return this.fail(IatErrorCode.InvalidParameter, 'invalid frame: data is required')
    const status = data.status
    if (!this.started) {
      const common = record(frame.common)
      const business = record(frame.business)
      if (common?.app_id !== this.appId) return this.fail(IatErrorCode.Unauthorized, 'app_id does not match')
      if (status !== 0 || !business || business.language !== 'zh_cn' || business.domain !== 'iat' || business.accent !== 'mandarin') {
        return this.fail(IatErrorCode.InvalidParameter, 'the first frame must be status 0 with language zh_cn, domain iat, accent mandarin')
      }
      const vad = business.vad_eos
      if (vad !== undefined) {
        if (typeof vad !== 'number' || !Number.isInteger(vad) || vad < VAD_EOS_RANGE.min || vad > VAD_EOS_RANGE.max) {
          return this.fail(IatErrorCode.InvalidParameter, `vad_eos must be ${VAD_EOS_RANGE.min}..${VAD_EOS_RANGE.max}`)
        }
        this.vadEosMs = vad
      }
      this.started = true
    } else if (status !== 1 && status !== 2) {
      return this.fail(IatErrorCode.InvalidParameter, 'status must be 1 or 2 after the first frame')
    }
    const audio = data.audio ?? ''
    if (typeof audio !== 'string' || (audio !== '' && data.format !== IAT_FORMAT)) {
      return this.fail(IatErrorCode.InvalidParameter, `audio must be base64 ${IAT_FORMAT}`)
    }
    this.hear(Buffer.from(audio, 'base64'))
    if (this.heard.length * WINDOW_MS > MAX_AUDIO_MS) return this.fail(IatErrorCode.AudioTooLong, 'audio longer than 60 s')
    if (status === 2) return this.finish()
    if (this.speechSeen && this.quietWindows * WINDOW_MS >= this.vadEosMs) return this.finish()
    if (this.heard.length - this.triedAt >= PARTIAL_EVERY) this.partial()
  }

  /** No frame for too long (the route's timer). */
  timeout(): void {
    if (!this.finished) this.fail(IatErrorCode.Timeout, 'no audio received in time')
  }

  private hear(bytes: Buffer): void {
    const count = Math.floor(bytes.length / 2)
    const samples = new Int16Array(this.rest.length + count)
    samples.set(this.rest)
    for (let i = 0; i < count; i += 1) samples[this.rest.length + i] = bytes.readInt16LE(2 * i)
    const whole = samples.length - (samples.length % WINDOW_SAMPLES)
    for (const level of envelope(samples.subarray(0, whole), RATE)) {
      this.heard.push(level)
      if (isSpeech(level)) {
        this.speechSeen = true
        this.quietWindows = 0
      } else {
        this.quietWindows += 1
      }
    }
    this.rest = samples.slice(whole)
  }

  private partial(): void {
    this.triedAt = this.heard.length
    const match = recognise(this.heard, this.recordings)
    if (!match) return
    const length = Math.round(match.reached * match.recording.text.length)
    if (length <= this.shownLength) return
    this.result(words(match, length), 1)
    this.shownLength = length
  }

  private finish(): void {
    const match = recognise(this.heard, this.recordings)
    this.result(words(match, Infinity), 2)
    this.finished = true
    this.out.close()
  }

  /** A result that replaces what the client shows with `ws`. */
  private result(ws: IatResult['ws'], status: FrameStatus): void {
    this.sn += 1
    const replaces = this.shown.length > 0
    const result: IatResult = {
      sn: this.sn,
      ls: status === 2,
      bg: 0,
      ed: 0,
      pgs: replaces ? 'rpl' : 'apd',
      ...(replaces ? { rg: [this.shown[0], this.shown[this.shown.length - 1]] as [number, number] } : {}),
      ws,
    }
    this.shown = [this.sn]
    this.out.send({ code: 0, message: 'success', sid: this.sid, data: { status, result } })
  }

  private fail(code: number, message: string): void {
    this.finished = true
    this.out.send({ code, message, sid: this.sid })
    this.out.close()
  }
}
