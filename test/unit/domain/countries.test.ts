import {
  RECOMMENDED_COUNTRY_NAMES,
  RECOMMENDED_GROUP,
  countryByCode,
  groupCountries,
  readCountries,
  searchCountries,
  type Country,
} from '../../../src/domain/countries'
import generated from '../../../src/features/login/countries.json'

const c = (country_cn: string, phone_code: string, initial: string): Country => ({ country_cn, phone_code, initial })

const SAMPLE: Country[] = [
  c('英国', '44', 'Y'),
  c('阿富汗', '93', 'A'),
  c('美国', '1', 'M'),
  c('加拿大', '1', 'J'),
  c('中国', '86', 'Z'),
  c('中国台湾省', '886', 'Z'),
  c('日本', '81', 'R'),
  c('马来西亚', '60', 'M'),
  c('新加坡', '65', 'X'),
  c('圣多美和普林西比', '239', 'S'),
  c('SAO Test', '999', '#'),
  c('阿根廷', '54', 'A'),
]

describe('groupCountries', () => {
  const groups = groupCountries(SAMPLE)

  it('puts the recommended countries first, in the spec order', () => {
    expect(groups[0].key).toBe(RECOMMENDED_GROUP)
    expect(groups[0].countries.map((x) => x.country_cn)).toEqual(['中国', '新加坡', '美国', '英国', '马来西亚', '日本'])
  })

  it('follows with A-Z groups by pinyin initial, then #', () => {
    expect(groups.slice(1).map((g) => g.key)).toEqual(['A', 'J', 'M', 'R', 'S', 'X', 'Y', 'Z', '#'])
  })

  it('keeps every country in exactly one letter group, recommended ones too', () => {
    const lettered = groups.slice(1).flatMap((g) => g.countries)
    expect(lettered).toHaveLength(SAMPLE.length)
    expect(new Set(lettered.map((x) => x.country_cn))).toEqual(new Set(SAMPLE.map((x) => x.country_cn)))
    for (const g of groups.slice(1)) for (const x of g.countries) expect(x.initial).toBe(g.key)
  })

  it('has no recommended group when none of them is listed', () => {
    expect(groupCountries([c('阿富汗', '93', 'A')]).map((g) => g.key)).toEqual(['A'])
  })
})

describe('searchCountries', () => {
  const names = (text: string) => searchCountries(SAMPLE, text).map((x) => x.country_cn)

  it('keeps everything for blank text', () => {
    expect(names('  ')).toHaveLength(SAMPLE.length)
  })

  it('matches a part of the Chinese name', () => {
    expect(names('中国')).toEqual(['中国', '中国台湾省'])
    expect(names('西')).toEqual(['马来西亚', '圣多美和普林西比'])
  })

  it('is case-insensitive', () => {
    expect(names('sao')).toEqual(['SAO Test'])
    expect(names('Sao')).toEqual(['SAO Test'])
  })

  it('matches a calling code with or without +', () => {
    expect(names('+1')).toEqual(['美国', '加拿大'])
    expect(names('86')).toEqual(['中国'])
    expect(names('8')).toEqual(['中国', '中国台湾省', '日本'])
  })

  it('matches a single pinyin initial in any case', () => {
    expect(names('a')).toEqual(['阿富汗', 'SAO Test', '阿根廷'])
    expect(names('M')).toEqual(['美国', '马来西亚'])
  })

  it('finds nothing for an unknown name', () => {
    expect(names('火星')).toEqual([])
  })
})

describe('readCountries', () => {
  it('drops rows without a name or a numeric code and normalises the initial', () => {
    const rows = readCountries([
      { country_cn: '中国', phone_code: '86', initial: 'z' },
      { country_cn: '', phone_code: '1', initial: 'A' },
      { country_cn: '某国', phone_code: '+12', initial: 'M' },
      { country_cn: '数字', phone_code: 7, initial: '?' },
      null,
      'x',
    ])
    expect(rows).toEqual([c('中国', '86', 'Z'), c('数字', '7', '#')])
  })

  it('answers an empty list for anything that is not an array', () => {
    expect(readCountries({ array: [] })).toEqual([])
  })
})

describe('countryByCode', () => {
  it('prefers the recommended country of a shared code', () => {
    expect(countryByCode(SAMPLE, '1')?.country_cn).toBe('美国')
    expect(countryByCode(SAMPLE, '886')?.country_cn).toBe('中国台湾省')
    expect(countryByCode(SAMPLE, '0')).toBeUndefined()
  })
})

describe('the generated list (scripts/gen-countries.mjs)', () => {
  const list = readCountries(generated)

  it('loses no row to validation', () => {
    expect(list).toHaveLength((generated as unknown[]).length)
    expect(list.length).toBeGreaterThan(200)
  })

  it('has every recommended country with its well-known calling code', () => {
    const codes = Object.fromEntries(RECOMMENDED_COUNTRY_NAMES.map((n) => [n, list.find((x) => x.country_cn === n)?.phone_code]))
    expect(codes).toEqual({ 中国: '86', 新加坡: '65', 美国: '1', 英国: '44', 马来西亚: '60', 日本: '81' })
  })

  it('files each name under its pinyin initial', () => {
    const initial = (n: string) => list.find((x) => x.country_cn === n)?.initial
    expect([initial('中国'), initial('阿富汗'), initial('日本'), initial('新加坡'), initial('英国')]).toEqual(['Z', 'A', 'R', 'X', 'Y'])
  })
})
