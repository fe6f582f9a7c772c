import { messageOf } from '../../../src/domain/errorMessage'

describe('messageOf', () => {
  it("says an Error's message, and anything else thrown as text", () => {
    expect(messageOf(new TypeError('网络错误'))).toBe('网络错误')
    expect(messageOf('timeout')).toBe('timeout')
    expect(messageOf(404)).toBe('404')
    expect(messageOf(undefined)).toBe('undefined')
  })
})
