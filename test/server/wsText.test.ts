import { wsText } from '../../server/core/wsText'

describe('wsText (a socket frame as text, server/core/wsText.ts)', () => {
  const sent = '{"id":1,"cmd":"send","body":{"text":"你好"}}'
  const bytes = Buffer.from(sent, 'utf8')

  it('reads every form ws hands a message over in', () => {
    expect(wsText(bytes)).toBe(sent)
    // 'fragments', cut inside a multi-byte character
    expect(wsText([bytes.subarray(0, 38), bytes.subarray(38)])).toBe(sent)
    // 'arraybuffer'
    expect(wsText(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))).toBe(sent)
  })
})
