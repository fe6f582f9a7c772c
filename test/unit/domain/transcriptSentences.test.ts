import {
  MAX_SENTENCE_CHARS,
  SPOKEN_CHARS_PER_SECOND,
  characters,
  estimateSentences,
  sentenceAt,
  sentencesFromWords,
  splitSentences,
  voiceSentences,
} from '../../../src/domain/listening/sentences'
import { readIatWords } from '../../../src/domain/listening/iatWords'

describe('splitting a transcript into sentences', () => {
  it('has no sentences for empty or blank text', () => {
    expect(splitSentences('')).toEqual([])
    expect(splitSentences('   \n\t ')).toEqual([])
    expect(estimateSentences('', 12)).toEqual({ sentences: [], estimated: true })
  })

  it('ends sentences at Chinese and Latin marks alike, keeping closing quotes and runs of marks', () => {
    expect(splitSentences('大家好。今天讲寒暄！你准备好了吗？Ready? Let’s go.最后一句')).toEqual([
      '大家好。',
      '今天讲寒暄！',
      '你准备好了吗？',
      'Ready?',
      'Let’s go.最后一句',
    ])
    expect(splitSentences('他说：“好的。”然后走了……真的吗？！')).toEqual(['他说：“好的。”', '然后走了……', '真的吗？！'])
    // a Latin full stop inside a number or an abbreviation does not end a sentence
    expect(splitSentences('圆周率是3.14，记住了。e.g. this one')).toEqual(['圆周率是3.14，记住了。', 'e.g.', 'this one'])
  })

  it('cuts one long sentence without punctuation so the highlight still moves', () => {
    const long = '这'.repeat(MAX_SENTENCE_CHARS * 2 + 5)
    const pieces = splitSentences(long)
    expect(pieces).toHaveLength(3)
    expect(pieces.every((p) => characters(p).length <= MAX_SENTENCE_CHARS)).toBe(true)
    expect(pieces.join('')).toBe(long)
    // with a comma in reach it cuts after the comma
    const withComma = `${'甲'.repeat(30)}，${'乙'.repeat(30)}`
    expect(splitSentences(withComma)[0]).toBe(`${'甲'.repeat(30)}，`)
  })

  it('never splits an emoji, a skin tone, a ZWJ family or a flag', () => {
    const family = '👨‍👩‍👧‍👦'
    const text = `${'好'.repeat(MAX_SENTENCE_CHARS - 1)}${family}👍🏽🇨🇳结束`
    const pieces = splitSentences(text)
    expect(pieces.join('')).toBe(text)
    expect(pieces[0].endsWith(family)).toBe(true)
    expect(characters('👍🏽🇨🇳')).toEqual(['👍🏽', '🇨🇳'])
  })
})

describe('estimated sentence times', () => {
  it('shares the voice by how long each sentence takes to say, and says it is an estimate', () => {
    const { sentences, estimated } = estimateSentences('一二三四。五六七八九十一二。', 9)
    expect(estimated).toBe(true)
    expect(sentences[0]).toMatchObject({ text: '一二三四。', start: 0 })
    // 4 + 0.25 against 8 + 0.25: the longer sentence gets about twice the time
    expect(sentences[0].end).toBeCloseTo((9 * 4.25) / 12.5, 5)
    expect(sentences[1].start).toBe(sentences[0].end)
    expect(sentences[1].end).toBe(9)
  })

  it('gives an emoji-only sentence a sliver and estimates an unknown length from the text', () => {
    const { sentences } = estimateSentences('🎉🎉！好的。', 0)
    expect(sentences).toHaveLength(2)
    expect(sentences[0].end).toBeGreaterThan(sentences[0].start)
    const total = sentences[1].end
    expect(total).toBeCloseTo((0.5 + 2.25) / SPOKEN_CHARS_PER_SECOND, 5)
    expect(estimateSentences('好。', Number.NaN).sentences[0].end).toBeGreaterThan(0)
  })

  it('finds the sentence being said, never throwing on odd positions', () => {
    const { sentences } = estimateSentences('一。二。三。', 3)
    expect(sentenceAt(sentences, 0)).toBe(0)
    expect(sentenceAt(sentences, 1.5)).toBe(1)
    expect(sentenceAt(sentences, 2.99)).toBe(2)
    expect(sentenceAt(sentences, 100)).toBe(2)
    expect(sentenceAt(sentences, -1)).toBe(-1)
    expect(sentenceAt(sentences, Number.NaN)).toBe(-1)
    expect(sentenceAt([], 1)).toBe(-1)
  })
})

describe('sentences from the speech service word times', () => {
  // iFlytek's words: each with its first candidate and wb/we in frames of 10 ms; punctuation untimed
  const ws = [
    { wb: 10, we: 60, cw: [{ w: '今天', sc: 0 }] },
    { wb: 61, we: 120, cw: [{ w: '天气', sc: 0 }] },
    { wb: 121, we: 150, cw: [{ w: '真好', sc: 0 }] },
    { wb: 0, we: 0, cw: [{ w: '，', sc: 0 }] },
    { wb: 151, we: 170, cw: [{ w: '对', sc: 0 }] },
    { wb: 171, we: 190, cw: [{ w: '吧', sc: 0 }] },
    { wb: 0, we: 0, cw: [{ w: '？', sc: 0 }] },
    { wb: 260, we: 300, cw: [{ w: '好', sc: 0 }] },
  ]

  it('reads the word list into seconds and takes each sentence from its words', () => {
    const words = readIatWords(ws)
    expect(words?.[0]).toEqual({ text: '今天', start: 0.1, end: 0.6 })
    const timed = sentencesFromWords(words ?? [])
    expect(timed?.estimated).toBe(false)
    expect(timed?.sentences).toEqual([
      { text: '今天天气真好，对吧？', start: 0.1, end: 1.9 },
      { text: '好', start: 2.6, end: 3 },
    ])
    expect(voiceSentences({ text: '今天天气真好，对吧？好', words, duration: 5 }).estimated).toBe(false)
  })

  it('falls back to the estimate when the words carry no usable times, and reads hostile lists as none', () => {
    const untimed = ws.map((w) => ({ ...w, wb: 0, we: 0 }))
    expect(sentencesFromWords(readIatWords(untimed) ?? [])).toBeUndefined()
    expect(voiceSentences({ text: '今天天气真好。', words: readIatWords(untimed), duration: 4 }).estimated).toBe(true)
    for (const hostile of [null, 'ws', {}, [], [1], [{ cw: 'x' }], [{ __proto__: { cw: [] } }]]) {
      expect(readIatWords(hostile)).toBeUndefined()
    }
    expect(readIatWords([{ wb: -5, we: Number.NaN, cw: [{ w: 7 }] }])).toEqual([{ text: '', start: 0, end: 0 }])
  })
})
