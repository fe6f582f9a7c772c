/**
 * Subpackage strings (src/locales/packages/<name>.ts): absent from the main catalogue, added when the
 * module carrying them loads, in the current language with zh-CN behind it. Each test loads the
 * locales afresh (the added strings are module state).
 */
import type * as Locales from '../../../src/locales'
import enVip from '../../../src/locales/en/vip'
import zhVip from '../../../src/locales/zh-CN/vip'
import mainZh from '../../../src/locales/zh-CN'

function fresh(withVip: boolean): typeof Locales {
  let module: typeof Locales | undefined
  jest.isolateModules(() => {
    module = jest.requireActual<typeof Locales>('../../../src/locales')
    if (withVip) jest.requireActual('../../../src/locales/packages/vip')
  })
  if (!module) throw new Error('not loaded')
  return module
}

const KEY = 'vip.viewEligibility'

describe('subpackage strings', () => {
  it('are not in the main catalogue', () => {
    expect(Object.keys(mainZh).filter((key) => key.startsWith('vip.'))).toEqual([])
    expect(Object.keys(zhVip).length).toBeGreaterThan(10)
  })

  it('show their key until the module carrying them loads', () => {
    const locales = fresh(false)
    expect(locales.t(KEY)).toBe(KEY)
    expect(locales.isMessageKey(KEY)).toBe(false)
  })

  it('read in zh-CN, then in English when English is current', () => {
    const locales = fresh(true)
    expect(locales.isMessageKey(KEY)).toBe(true)
    expect(locales.t(KEY)).toBe(zhVip[KEY])
    locales.setLocale('en')
    expect(locales.t(KEY)).toBe(enVip[KEY])
    expect(locales.t('vip.table.over', { members: 50 })).toBe(enVip['vip.table.over'].replace('{members}', '50'))
  })

  it('never shadow a main-package string of the same language', () => {
    const locales = fresh(true)
    locales.addStrings({ 'zh-CN': { [KEY]: 'x' }, en: { [KEY]: 'y' } })
    expect(locales.t('common.networkError')).toBe(mainZh['common.networkError'])
    expect(locales.t(KEY)).toBe('x')
  })
})
