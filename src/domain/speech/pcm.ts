/**
 * Audio for the speech service (spec 000 §7): whatever rate the microphone gives, resampled to
 * 16 kHz mono and written as 16-bit little-endian PCM, base64 in the frames. Pure: the browser's
 * Web Audio and the mini-program's recorder are in src/platform/speech.
 */
import { IAT_SAMPLE_RATE } from '../../../types/speech'

/**
 * A streaming resampler to 16 kHz: chunks go in as they arrive and the output follows without a
 * seam between chunks. Going down (48 kHz, 44.1 kHz) each output sample averages the input
 * samples it covers, which keeps most of the aliasing out; going up (8 kHz) it interpolates.
 */
export class Resampler {
  private readonly step: number
  /** input samples not yet fully used; `consumed` input samples came before them */
  private pending: Float32Array = new Float32Array(0)
  private consumed = 0
  /** output samples produced so far: output k starts at input k * step, whatever the chunks were */
  private produced = 0

  constructor(fromRate: number, toRate: number = IAT_SAMPLE_RATE) {
    if (!Number.isFinite(fromRate) || !Number.isFinite(toRate) || fromRate <= 0 || toRate <= 0) {
      throw new RangeError(`cannot resample from ${fromRate} Hz to ${toRate} Hz`)
    }
    this.step = fromRate / toRate
  }

  push(chunk: Float32Array): Float32Array {
    const input = new Float32Array(this.pending.length + chunk.length)
    input.set(this.pending)
    input.set(chunk, this.pending.length)
    const out: number[] = []
    const at = (k: number): number => k * this.step - this.consumed
    if (this.step >= 1) {
      while (at(this.produced + 1) <= input.length) {
        const from = Math.floor(at(this.produced))
        const to = Math.max(from + 1, Math.floor(at(this.produced + 1)))
        let sum = 0
        for (let i = from; i < to; i += 1) sum += input[i]
        out.push(sum / (to - from))
        this.produced += 1
      }
    } else {
      while (Math.floor(at(this.produced)) + 1 < input.length) {
        const t = at(this.produced)
        const i = Math.floor(t)
        out.push(input[i] * (1 - (t - i)) + input[i + 1] * (t - i))
        this.produced += 1
      }
    }
    const used = Math.max(0, Math.min(Math.floor(at(this.produced)), input.length))
    this.pending = input.slice(used)
    this.consumed += used
    return Float32Array.from(out)
  }
}

/** Samples in [-1, 1] (anything else clipped; NaN as silence) as 16-bit integers. */
export function toPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i += 1) {
    const s = Number.isNaN(samples[i]) ? 0 : Math.max(-1, Math.min(1, samples[i]))
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff)
  }
  return out
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 of bytes (the mini-program's JS runtime has no btoa). */
export function base64(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63]
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '='
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '='
  }
  return out
}

/** 16-bit samples as little-endian bytes, base64: a frame's `audio`. */
export function pcm16Base64(samples: Int16Array): string {
  const bytes = new Uint8Array(samples.length * 2)
  for (let i = 0; i < samples.length; i += 1) {
    bytes[2 * i] = samples[i] & 0xff
    bytes[2 * i + 1] = (samples[i] >> 8) & 0xff
  }
  return base64(bytes)
}
