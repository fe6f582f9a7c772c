/**
 * A voice's transcript as sentences with times (issue 35 item 1), so a transcript view can follow
 * the voice and a tap can seek. Two sources:
 * - word times from the speech service (iFlytek's words with `wb`/`we`, in 10 ms frames), when
 *   the voice payload carries them: the sentences take the times of their words;
 * - otherwise the whole-voice text alone: each sentence gets a share of the voice's length by how
 *   long it takes to say, and is marked as an estimate.
 * Pure: no Taro, no stores.
 */

import type { WordTime } from './iatWords'

export type { WordTime } from './iatWords'

export interface TimedSentence {
  text: string
  /** seconds from the start of the voice */
  start: number
  end: number
}

export interface VoiceSentences {
  sentences: TimedSentence[]
  /** true when the times come from the text's length, not from the speech service */
  estimated: boolean
}

/** A sentence longer than this (in characters as seen) is cut, at a comma or space when it has one. */
export const MAX_SENTENCE_CHARS = 40
/** Speaking rate used when the voice's length is unknown: characters (CJK syllables) per second. */
export const SPOKEN_CHARS_PER_SECOND = 4

/** Ends a sentence: Chinese and Latin full stops, question and exclamation marks, semicolons, ellipses. */
const SENTENCE_END = new Set(['。', '！', '？', '!', '?', '；', ';', '…', '．', '｡'])
/** Stays with the sentence it closes: closing quotes and brackets. */
const CLOSERS = new Set(['”', '’', '」', '』', '）', ')', '》', '〉', '】', '"', "'", ']'])
/** Where an over-long sentence may be cut. */
const SOFT_BREAK = new Set(['，', ',', '、', '：', ':', ' ', '\u3000'])

/** A code point that attaches to the one before it: combining marks, variation selectors, emoji modifiers and tags. */
function attaches(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f) ||
    cp === 0x200d
  )
}

const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff

/**
 * The text as characters a reader sees: an emoji with its skin tone, a ZWJ family or a flag stays
 * one (so no cut ever splits it). Intl.Segmenter is not in every mini-program runtime.
 */
export function characters(text: string): string[] {
  const out: string[] = []
  let joinNext = false
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    const last = out.length - 1
    const pairsFlag = isRegionalIndicator(cp) && last >= 0 && [...out[last]].length === 1 && isRegionalIndicator(out[last].codePointAt(0) ?? 0)
    if (last >= 0 && (joinNext || attaches(cp) || pairsFlag)) out[last] += ch
    else out.push(ch)
    joinNext = cp === 0x200d
  }
  return out
}

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x3400 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x2fa1f) ||
    (cp >= 0x3040 && cp <= 0x30ff) ||
    (cp >= 0xac00 && cp <= 0xd7af)
  )
}

const isLatinOrDigit = (cp: number): boolean => (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x24f)

/**
 * How long `sentence` takes to say, in CJK syllables: a CJK character is one, a Latin letter or
 * digit about a third of one, a pause mark a quarter; emoji, spaces and symbols are not spoken.
 */
export function spokenWeight(sentence: string): number {
  let weight = 0
  for (const ch of characters(sentence)) {
    const cp = ch.codePointAt(0) ?? 0
    if (isCjk(cp)) weight += 1
    else if (isLatinOrDigit(cp)) weight += 1 / 3
    else if (SENTENCE_END.has(ch) || SOFT_BREAK.has(ch)) weight += ch.trim() === '' ? 0 : 0.25
  }
  return weight
}

/** Cuts a sentence of more than MAX_SENTENCE_CHARS characters: at the last soft break in reach, else hard. */
function cutLong(chars: string[]): string[][] {
  const pieces: string[][] = []
  let rest = chars
  while (rest.length > MAX_SENTENCE_CHARS) {
    let at = -1
    for (let i = MAX_SENTENCE_CHARS - 1; i >= MAX_SENTENCE_CHARS / 2; i -= 1) {
      if (SOFT_BREAK.has(rest[i])) {
        at = i + 1
        break
      }
    }
    const cut = at === -1 ? MAX_SENTENCE_CHARS : at
    pieces.push(rest.slice(0, cut))
    rest = rest.slice(cut)
  }
  if (rest.length > 0) pieces.push(rest)
  return pieces
}

/** A Latin full stop ends a sentence only before a space or the end ("3.14" and "e.g" stay whole). */
function endsAt(chars: readonly string[], i: number): boolean {
  const ch = chars[i]
  if (SENTENCE_END.has(ch)) return !SENTENCE_END.has(chars[i + 1] ?? '')
  if (ch === '.') return i + 1 >= chars.length || /\s/.test(chars[i + 1]) || (chars[i + 1] !== '.' && SENTENCE_END.has(chars[i + 1]))
  return ch === '\n'
}

/**
 * The sentences of `text`, in order, trimmed; none for blank text. Sentence marks of both scripts
 * end one (a run of them, and the closing quotes after them, stay with it), so do line breaks; a
 * sentence over MAX_SENTENCE_CHARS is cut so the highlight still moves along a long run-on.
 */
export function splitSentences(text: string): string[] {
  const chars = characters(typeof text === 'string' ? text : '')
  const raw: string[][] = []
  let current: string[] = []
  for (let i = 0; i < chars.length; i += 1) {
    current.push(chars[i])
    if (!endsAt(chars, i)) continue
    while (i + 1 < chars.length && CLOSERS.has(chars[i + 1])) current.push(chars[(i += 1)])
    raw.push(current)
    current = []
  }
  raw.push(current)
  return raw.flatMap((sentence) => cutLong(trimChars(sentence))).map((piece) => piece.join('').trim()).filter((s) => s !== '')
}

function trimChars(chars: string[]): string[] {
  let from = 0
  let to = chars.length
  while (from < to && chars[from].trim() === '') from += 1
  while (to > from && chars[to - 1].trim() === '') to -= 1
  return chars.slice(from, to)
}

const validSeconds = (value: number): boolean => Number.isFinite(value) && value > 0

/**
 * Whole-voice text only: the sentences share the voice's `duration` (seconds) by their spoken
 * weight. A sentence that says nothing (emoji only) still gets a sliver, so it can be tapped.
 * An unknown duration is estimated at SPOKEN_CHARS_PER_SECOND.
 */
export function estimateSentences(text: string, duration: number): VoiceSentences {
  const sentences = splitSentences(text)
  const weights = sentences.map((s) => Math.max(spokenWeight(s), 0.5))
  const total = weights.reduce((sum, w) => sum + w, 0)
  const length = validSeconds(duration) ? duration : total / SPOKEN_CHARS_PER_SECOND
  let at = 0
  const timed = sentences.map((sentence, i) => {
    const start = at
    at = i === sentences.length - 1 ? length : at + (length * weights[i]) / total
    return { text: sentence, start, end: at }
  })
  return { sentences: timed, estimated: true }
}

/**
 * Word times from the speech service: the words join into sentences at the same marks as the
 * text, each sentence from its first timed word's start to its last one's end. Punctuation comes
 * back untimed (0, 0) and takes no part in the times. Undefined when too few words carry a time
 * to trust (then the caller estimates).
 */
export function sentencesFromWords(words: readonly WordTime[]): VoiceSentences | undefined {
  const timed = (w: WordTime): boolean => Number.isFinite(w.start) && Number.isFinite(w.end) && w.end > w.start && w.start >= 0
  if (words.length === 0 || words.filter(timed).length * 2 < words.filter((w) => spokenWeight(w.text) > 0.25).length) return undefined
  const sentences: TimedSentence[] = []
  let text = ''
  let start = Infinity
  let end = -Infinity
  const close = (): void => {
    const trimmed = text.trim()
    if (trimmed !== '' && start !== Infinity) sentences.push({ text: trimmed, start, end })
    else if (trimmed !== '' && sentences.length > 0) sentences[sentences.length - 1].text += trimmed
    text = ''
    start = Infinity
    end = -Infinity
  }
  for (const word of words) {
    text += word.text
    if (timed(word)) {
      start = Math.min(start, word.start)
      end = Math.max(end, word.end)
    }
    const chars = characters(word.text.trim())
    if (chars.length > 0 && endsAt(chars, chars.length - 1)) close()
  }
  close()
  // a sentence starts no earlier than the one before it ends, so the highlight never goes back
  for (let i = 1; i < sentences.length; i += 1) sentences[i].start = Math.max(sentences[i].start, sentences[i - 1].end)
  return sentences.length > 0 ? { sentences, estimated: false } : undefined
}

/** The sentences of a voice: from word times when they are usable, else estimated from the text. */
export function voiceSentences(voice: { text?: string; words?: readonly WordTime[]; duration: number }): VoiceSentences {
  return (voice.words && sentencesFromWords(voice.words)) || estimateSentences(voice.text ?? '', voice.duration)
}

/** The sentence being said at `position` seconds: the last one started by then; -1 before the first or for no number. */
export function sentenceAt(sentences: readonly TimedSentence[], position: number): number {
  if (!Number.isFinite(position) || sentences.length === 0 || position < sentences[0].start) return -1
  let low = 0
  let high = sentences.length - 1
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (sentences[mid].start <= position) low = mid
    else high = mid - 1
  }
  return low
}
