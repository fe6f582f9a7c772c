/**
 * Frame pacing for the speech socket (spec 000 §7, §9): every 40 ms the sender takes one frame of
 * at most 1280 samples of 16 kHz audio. The first frame is status 0 and carries the business
 * parameters (zh_cn, iat, mandarin, vad_eos 5000); the ones after it status 1; the last status 2,
 * sent once the audio has ended (a tap, or end-of-speech silence) and every sample has gone.
 * The spec's 1280 samples per 40 ms is twice real time (40 ms is 640 samples): a live microphone
 * fills frames of about 640, and a backlog drains at twice the speed it built up.
 */
import { IAT_FORMAT, IAT_VAD_EOS_MS } from '../../../types/speech'
import type { FrameStatus, IatFrame } from '../../../types/speech'
import { pcm16Base64 } from './pcm'

export const FRAME_SAMPLES = 1280
export const FRAME_INTERVAL_MS = 40

export interface Frame {
  status: FrameStatus
  samples: Int16Array
}

/** The audio waiting to be sent, cut into frames one tick at a time. */
export class FrameQueue {
  private chunks: Int16Array[] = []
  private buffered = 0
  private sent = 0
  private finished = false

  /** Audio from the recorder; ignored once the last frame has gone. */
  push(samples: Int16Array): void {
    if (this.finished || samples.length === 0) return
    this.chunks.push(samples)
    this.buffered += samples.length
  }

  /** samples waiting */
  get pending(): number {
    return this.buffered
  }

  /** whether the last frame (status 2) has been taken */
  get done(): boolean {
    return this.finished
  }

  /**
   * The frame of this tick, or null when there is nothing to send (no audio yet, or all sent).
   * `ending`: the audio has ended, so once everything buffered has gone the last frame follows.
   */
  take(ending: boolean): Frame | null {
    if (this.finished) return null
    if (this.sent === 0) {
      // the first frame opens the session; ending before any audio still opens it, then closes
      if (this.buffered === 0 && !ending) return null
      return this.frame(0)
    }
    if (this.buffered > 0) return this.frame(ending && this.buffered <= FRAME_SAMPLES ? 2 : 1)
    if (!ending) return null
    return this.frame(2)
  }

  private frame(status: FrameStatus): Frame {
    const samples = this.cut(Math.min(FRAME_SAMPLES, this.buffered))
    this.sent += 1
    if (status === 2) this.finished = true
    return { status, samples }
  }

  private cut(count: number): Int16Array {
    const out = new Int16Array(count)
    let filled = 0
    while (filled < count) {
      const head = this.chunks[0]
      const n = Math.min(head.length, count - filled)
      out.set(head.subarray(0, n), filled)
      filled += n
      if (n === head.length) this.chunks.shift()
      else this.chunks[0] = head.subarray(n)
    }
    this.buffered -= count
    return out
  }
}

/** A frame as the service reads it; the first one names the app and the business parameters. */
export function encodeFrame(frame: Frame, appId: string): IatFrame {
  const data = { status: frame.status, format: IAT_FORMAT, encoding: 'raw', audio: pcm16Base64(frame.samples) } as const
  if (frame.status !== 0) return { data }
  return {
    common: { app_id: appId },
    business: { language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: IAT_VAD_EOS_MS, dwa: 'wpgs' },
    data,
  }
}

/** Below this level (RMS of 16-bit samples, about -46 dBFS) a stretch of audio is silence. */
export const SILENCE_RMS = 160

/**
 * End-of-speech (spec 000 §9): 5000 ms without speech, counted from the last sound (or from the
 * start when nothing was said), ends the recording. Time is counted in samples at 16 kHz.
 */
export class SilenceWatch {
  private quietSamples = 0

  constructor(
    private readonly limitMs: number = IAT_VAD_EOS_MS,
    private readonly sampleRate: number = 16000,
  ) {}

  /** Feeds recorded audio; true once the silence has lasted the limit. */
  feed(samples: Int16Array): boolean {
    if (samples.length > 0) {
      let sum = 0
      for (let i = 0; i < samples.length; i += 1) sum += samples[i] * samples[i]
      const loud = Math.sqrt(sum / samples.length) >= SILENCE_RMS
      this.quietSamples = loud ? 0 : this.quietSamples + samples.length
    }
    return this.ended
  }

  get ended(): boolean {
    return this.quietSamples * 1000 >= this.limitMs * this.sampleRate
  }
}
