import { TEXT_KEYS, readerLanguage, textOf } from '../../server/core/messages'

describe("the server's refusal texts (core/messages.ts)", () => {
  it.each(TEXT_KEYS)('%s is written in Chinese and in English, with the same places to fill', (key) => {
    const places = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
    const zh = textOf(key, 'zh-CN')
    const en = textOf(key, 'en')
    expect(zh).toMatch(/[\u4e00-\u9fff]/)
    expect(en).toMatch(/^[\x20-\x7e]+$/)
    expect(places(zh)).toEqual(places(en))
  })

  it('fills its places and leaves an unknown one as written', () => {
    expect(textOf('tooManySpeechSessions', 'zh-CN', { minutes: 3 })).toBe('语音识别请求过于频繁，请 3 分钟后再试')
    expect(textOf('controlCharacter', 'en', {})).toBe('{field} must not contain control characters')
  })

  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['EN', 'en'],
    ['fr-FR,en;q=0.5', 'zh-CN'],
    ['*', 'zh-CN'],
  ])('reads Accept-Language %p as %s: Chinese unless English comes first', (header, language) => {
    expect(readerLanguage(header)).toBe(language)
  })
})
