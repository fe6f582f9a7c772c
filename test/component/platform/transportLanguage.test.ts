/**
 * Issue 34 item 1: the Taro transport (src/api/taro.ts) gives the client the app's current
 * language, so every call carries it on both builds and the server answers in it.
 */
import { taroTransportDeps } from '../../../src/api/taro'
import { getLocale, setLocale } from '../../../src/locales'

afterEach(() => setLocale('zh-CN'))

describe('the transport language', () => {
  it('is the language the app shows, read at each call', () => {
    const deps = taroTransportDeps({ headers: {}, clear: () => undefined })
    expect(getLocale()).toBe('zh-CN')
    expect(deps.language?.()).toBe('zh-CN')
    setLocale('en')
    expect(deps.language?.()).toBe('en')
  })
})
