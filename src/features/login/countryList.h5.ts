import { readCountries, type Country } from '../../domain/countries'

/**
 * Spec 000 §7: the country list is a GET of a static JSON file. config/index.ts copies the generated
 * countries.json to /static/countries.json, so the bundle stays free of it until the picker opens.
 * It is fetched with the browser's fetch, as platform/http does on H5 (never Taro.request, whose
 * polyfills would join the first load).
 */
export const COUNTRIES_URL = '/static/countries.json'

let cached: Promise<Country[]> | undefined

export function loadCountries(): Promise<Country[]> {
  cached ??= fetch(COUNTRIES_URL).then(
    async (res) => {
      const list = readCountries(await res.json())
      if (list.length === 0) throw new Error(`no countries at ${COUNTRIES_URL}`)
      return list
    },
  )
  // a failed load may be retried the next time the picker opens
  cached.catch(() => (cached = undefined))
  return cached
}
