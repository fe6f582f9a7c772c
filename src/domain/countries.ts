/**
 * The country picker of the phone-login and bind dialogs (spec 000 §2 "Phone-login dialog"):
 * a recommended group (China, Singapore, USA, UK, Malaysia, Japan), then groups A-Z by the pinyin
 * initial of the Chinese name; a search box filters by the Chinese name, case-insensitively.
 * The list comes from scripts/gen-countries.mjs, which adds `initial`; entries read off a file or
 * the network are checked here, so a broken row is dropped rather than shown.
 */
import type { CountryEntry } from '../../types/login'
import { isRecord } from './coerce'

export interface Country extends CountryEntry {
  /** 'A'-'Z', or '#' for a name without a Latin initial */
  initial: string
}

export interface CountryGroup {
  /** 'recommended', a letter 'A'-'Z', or '#' */
  key: string
  countries: Country[]
}

/** Spec 000 §9: default country code 86. */
export const DEFAULT_PHONE_CODE = '86'

/** By Chinese name: a calling code is shared (+1 is the USA and Canada, +44 the UK and Jersey). */
export const RECOMMENDED_COUNTRY_NAMES: readonly string[] = ['中国', '新加坡', '美国', '英国', '马来西亚', '日本']

export const RECOMMENDED_GROUP = 'recommended'

/** Keeps the rows with a name and a numeric calling code; an unreadable initial becomes '#'. */
export function readCountries(value: unknown): Country[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((row: unknown): Country[] => {
    if (!isRecord(row)) return []
    const name = typeof row.country_cn === 'string' ? row.country_cn.trim() : ''
    const code = typeof row.phone_code === 'string' || typeof row.phone_code === 'number' ? String(row.phone_code).trim() : ''
    if (name === '' || !/^\d{1,4}$/.test(code)) return []
    const initial = typeof row.initial === 'string' && /^[A-Za-z]$/.test(row.initial) ? row.initial.toUpperCase() : '#'
    return [{ country_cn: name, phone_code: code, initial }]
  })
}

/** Recommended first (in the spec's order), then A-Z, '#' last; names sorted within a letter. */
export function groupCountries(countries: readonly Country[]): CountryGroup[] {
  const recommended = RECOMMENDED_COUNTRY_NAMES.flatMap((name) => countries.filter((c) => c.country_cn === name).slice(0, 1))
  const byInitial = new Map<string, Country[]>()
  for (const country of countries) {
    const list = byInitial.get(country.initial) ?? []
    list.push(country)
    byInitial.set(country.initial, list)
  }
  const letters = [...byInitial.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
  const groups: CountryGroup[] = recommended.length > 0 ? [{ key: RECOMMENDED_GROUP, countries: recommended }] : []
  for (const key of letters) {
    const list = byInitial.get(key) ?? []
    groups.push({ key, countries: [...list].sort((a, b) => a.country_cn.localeCompare(b.country_cn, 'zh-CN')) })
  }
  return groups
}

/**
 * Spec 000 §5: non-empty text filters case-insensitively by the Chinese name ('中国' finds '中国台湾省';
 * Latin letters in names such as 'SAO' match any case). It also matches a calling code typed with or
 * without '+', and a single Latin letter matches that pinyin initial. Blank text keeps every country.
 */
export function searchCountries(countries: readonly Country[], text: string): Country[] {
  const query = text.trim().toLowerCase()
  if (query === '') return [...countries]
  const code = query.replace(/^\+/, '')
  const isCode = /^\d+$/.test(code)
  const isInitial = /^[a-z]$/.test(query)
  return countries.filter(
    (c) =>
      c.country_cn.toLowerCase().includes(query) ||
      (isCode && c.phone_code.startsWith(code)) ||
      (isInitial && c.initial.toLowerCase() === query),
  )
}

/** The entry for a calling code, preferring a recommended country (+1 is the USA, not Canada). */
export function countryByCode(countries: readonly Country[], phoneCode: string): Country | undefined {
  const matches = countries.filter((c) => c.phone_code === phoneCode)
  return matches.find((c) => RECOMMENDED_COUNTRY_NAMES.includes(c.country_cn)) ?? matches[0]
}
