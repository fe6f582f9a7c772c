/**
 * iFlytek's word list (`ws`: each word's candidates `cw[].w`, and `wb`/`we`, its first and last
 * frame of 10 ms) read from a voice payload that kept it from the conversion, into word times in
 * seconds. Hostile input reads as no words, never a throw. The message parser uses it, so it is
 * in the main package: it stays apart from the sentence rules, which only the transcript page needs.
 */
import { field, isRecord } from '../coerce'

/** One word as the speech service timed it, in seconds from the start of the voice. */
export interface WordTime {
  text: string
  start: number
  end: number
}

/** iFlytek's word times count frames of 10 ms. */
export const IAT_FRAME_SECONDS = 0.01

/** More words than any 60 s IAT session gives is not a word list. */
const MAX_WORDS = 5000

/** A frame number as seconds, to the millisecond (no 1.9000000000000001). */
const seconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value * IAT_FRAME_SECONDS * 1000) / 1000 : 0

/** The words with their times; undefined when `ws` is not a list of words. */
export function readIatWords(ws: unknown): WordTime[] | undefined {
  if (!Array.isArray(ws) || ws.length === 0 || ws.length > MAX_WORDS) return undefined
  const words: WordTime[] = []
  for (const word of ws) {
    const record = isRecord(word) ? word : undefined
    const cw = field(record, 'cw')
    if (!record || !Array.isArray(cw)) return undefined
    const first: unknown = cw[0]
    const w = field(isRecord(first) ? first : undefined, 'w')
    const text = typeof w === 'string' ? w : ''
    words.push({ text, start: seconds(field(record, 'wb')), end: seconds(field(record, 'we')) })
  }
  return words
}
