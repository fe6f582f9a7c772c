/**
 * What the speech stand-in recognises: the seeded voice recordings (server/media/speech/, made by
 * server/media/generate.sh from the voice clips, whose text is the script's `speak` lines). Audio
 * is compared by its loudness envelope (log energy per 40 ms), which survives resampling, the
 * browser's processing and a start anywhere in the clip; exact samples would not.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The envelope's step: one frame of the protocol, 40 ms. */
export const WINDOW_MS = 40
/** The least overlap, in windows (1.2 s), that may call two envelopes the same speech. */
const MIN_OVERLAP = 30
/** Correlation of two envelopes above which they are the same recording. */
const MATCH_THRESHOLD = 0.75
/** Windows quieter than this (RMS of 16-bit samples) count as silence in an envelope. */
const FLOOR_RMS = 60

export interface Recording {
  name: string
  text: string
  envelope: number[]
}

/** The seeded recordings and their text (server/media/generate.sh `speak weather …`, `speak ending …`). */
export const SEEDED_SPEECH = [
  { name: 'weather', text: '今天天气真好，对吧？' },
  { name: 'ending', text: '今天就到这里，我们下节课见。' },
] as const

/** 16-bit mono PCM of a RIFF/WAVE file, with its rate; throws on anything else. */
export function readWav(buffer: Buffer): { rate: number; samples: Int16Array } {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a wav file')
  let offset = 12
  let rate = 0
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4)
    const size = buffer.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      const format = buffer.readUInt16LE(body)
      const channels = buffer.readUInt16LE(body + 2)
      const bits = buffer.readUInt16LE(body + 14)
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error('wav must be 16-bit mono PCM')
      rate = buffer.readUInt32LE(body + 4)
    } else if (id === 'data') {
      if (rate === 0) throw new Error('wav data before its format')
      const end = Math.min(buffer.length, body + size)
      const samples = new Int16Array(Math.floor((end - body) / 2))
      for (let i = 0; i < samples.length; i += 1) samples[i] = buffer.readInt16LE(body + 2 * i)
      return { rate, samples }
    }
    offset = body + size + (size % 2)
  }
  throw new Error('wav without data')
}

/** Log energy of every whole 40 ms window of `samples` at `rate`. */
export function envelope(samples: Int16Array, rate: number): number[] {
  const size = Math.round((rate * WINDOW_MS) / 1000)
  const out: number[] = []
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0
    for (let i = start; i < start + size; i += 1) sum += samples[i] * samples[i]
    out.push(Math.log(Math.max(FLOOR_RMS, Math.sqrt(sum / size))))
  }
  return out
}

/** Whether a window of an envelope is louder than silence. */
export function isSpeech(level: number): boolean {
  return level > Math.log(FLOOR_RMS) + 1.5
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length
  let ma = 0
  let mb = 0
  for (let i = 0; i < n; i += 1) {
    ma += a[i]
    mb += b[i]
  }
  ma /= n
  mb /= n
  let ab = 0
  let aa = 0
  let bb = 0
  for (let i = 0; i < n; i += 1) {
    ab += (a[i] - ma) * (b[i] - mb)
    aa += (a[i] - ma) ** 2
    bb += (b[i] - mb) ** 2
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb)
}

export interface Match {
  recording: Recording
  /** how far into the recording the heard audio has reached, 0..1 */
  reached: number
  /** the window of the heard audio where the recording's first window falls (negative: it began before) */
  lag: number
}

/**
 * The recording `heard` (an envelope) is a stretch of, and how far it got: the best correlation
 * over every alignment with at least MIN_OVERLAP windows in common, when above the threshold.
 */
export function recognise(heard: readonly number[], recordings: readonly Recording[]): Match | null {
  let best: { score: number; match: Match } | null = null
  for (const recording of recordings) {
    const ref = recording.envelope
    // lag: where the recording's first window falls in what was heard
    for (let lag = -(ref.length - MIN_OVERLAP); lag <= heard.length - MIN_OVERLAP; lag += 1) {
      const from = Math.max(0, lag)
      const to = Math.min(heard.length, lag + ref.length)
      if (to - from < MIN_OVERLAP) continue
      const score = correlation(heard.slice(from, to), ref.slice(from - lag, to - lag))
      if (score > MATCH_THRESHOLD && (best === null || score > best.score)) {
        best = { score, match: { recording, reached: Math.min(1, (to - lag) / ref.length), lag } }
      }
    }
  }
  return best?.match ?? null
}

/** iFlytek's word times count frames of 10 ms: four to a window of the envelope. */
export const FRAMES_PER_WINDOW = WINDOW_MS / 10

/** Punctuation comes back from iFlytek as words of its own, untimed (wb = we = 0). */
const PUNCTUATION = /^[\p{P}\s]$/u

/**
 * Each character of the recording's text as iFlytek times a word (`wb`/`we`, frames of 10 ms
 * from the recording's start): the spoken characters share the stretch between its first and
 * last loud window evenly, punctuation is untimed. The stand-in knows no more of where each
 * syllable lies; the shape and the units are those of the service.
 */
export function wordFrames(recording: Recording): { w: string; wb: number; we: number }[] {
  const loud = recording.envelope.map(isSpeech)
  const first = loud.indexOf(true)
  const last = loud.lastIndexOf(true)
  const chars = [...recording.text]
  const spoken = chars.filter((c) => !PUNCTUATION.test(c)).length
  if (first === -1 || spoken === 0) return chars.map((w) => ({ w, wb: 0, we: 0 }))
  const span = (last + 1 - first) * FRAMES_PER_WINDOW
  const start = first * FRAMES_PER_WINDOW
  let index = 0
  return chars.map((w) => {
    if (PUNCTUATION.test(w)) return { w, wb: 0, we: 0 }
    const wb = start + Math.round((span * index) / spoken)
    index += 1
    return { w, wb, we: start + Math.round((span * index) / spoken) - 1 }
  })
}

/** The seeded recordings, read once per process from the media folder. */
export function loadRecordings(mediaDir: string): Recording[] {
  return SEEDED_SPEECH.map(({ name, text }) => {
    const { rate, samples } = readWav(readFileSync(join(mediaDir, 'speech', `${name}.wav`)))
    return { name, text, envelope: envelope(samples, rate) }
  })
}
