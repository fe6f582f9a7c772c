/**
 * startLocale: the system language's catalogue, loaded on demand where the platform fetches it
 * (src/platform/locale): zh-CN until it is in, zh-CN kept when it cannot load. Each test loads
 * the module afresh (its current language and catalogues are module state).
 */
import type * as Locales from '../../../src/locales'
import en from '../../../src/locales/en'

function freshLocales(): typeof Locales {
  let module: typeof Locales | undefined
  jest.isolateModules(() => {
    module = jest.requireActual<typeof Locales>('../../../src/locales')
  })
  if (!module) throw new Error('not loaded')
  return module
}

const KEY = 'common.networkError'

describe('startLocale', () => {
  it('loads nothing for zh-CN and for tags that are not English', () => {
    const locales = freshLocales()
    const load = jest.fn(() => en)
    for (const tag of ['zh-CN', 'zh_TW', 'fr', undefined, '', 'eng-ish']) expect(locales.startLocale(tag, load)).toBeUndefined()
    expect(load).not.toHaveBeenCalled()
    expect(locales.getLocale()).toBe('zh-CN')
  })

  it('takes a catalogue the platform has at once without waiting', () => {
    const locales = freshLocales()
    expect(locales.startLocale('en_US', () => en)).toBeUndefined()
    expect(locales.getLocale()).toBe('en')
    expect(locales.t(KEY)).toBe(en[KEY])
  })

  it('stays zh-CN until a fetched catalogue is in, then switches, and fetches it once', async () => {
    const locales = freshLocales()
    let arrive: (catalog: typeof en) => void = () => undefined
    const load = jest.fn(() => new Promise<typeof en>((resolve) => (arrive = resolve)))
    const arrival = locales.startLocale('en-GB', load)
    expect(arrival).toBeInstanceOf(Promise)
    expect(locales.getLocale()).toBe('zh-CN')
    const zh = locales.t(KEY)
    expect(zh).not.toBe(en[KEY])
    arrive(en)
    await arrival
    expect(locales.getLocale()).toBe('en')
    expect(locales.t(KEY)).toBe(en[KEY])
    expect(locales.startLocale('en', load)).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps zh-CN when the catalogue cannot be fetched', async () => {
    const locales = freshLocales()
    await locales.startLocale('en', () => Promise.reject(new Error('offline')))
    expect(locales.getLocale()).toBe('zh-CN')
    expect(locales.t(KEY)).not.toBe(en[KEY])
  })
})

describe('localeOf and fillPlaceholders (what the server reads to write a page in the reader\'s language)', () => {
  const { fillPlaceholders, localeOf } = freshLocales()

  it('gives English for English tags only, zh-CN for anything else', () => {
    for (const tag of ['en', 'en-US', 'EN_gb', 'en-Latn-US']) expect(localeOf(tag)).toBe('en')
    for (const tag of ['zh-CN', 'zh_TW', 'fr-FR', 'eng', 'english', '', undefined, ' en', '*']) expect(localeOf(tag)).toBe('zh-CN')
  })

  it('fills named placeholders and leaves missing ones visible, never "undefined"', () => {
    expect(fillPlaceholders('创建于 {date}', { date: '2024-03-08' })).toBe('创建于 2024-03-08')
    expect(fillPlaceholders('{a} and {b}', { a: 1 })).toBe('1 and {b}')
    expect(fillPlaceholders('{toString} {__proto__}', {})).toBe('{toString} {__proto__}')
    expect(fillPlaceholders('{a}', { a: '$& {a}' })).toBe('$& {a}')
    expect(fillPlaceholders('no params')).toBe('no params')
  })
})
