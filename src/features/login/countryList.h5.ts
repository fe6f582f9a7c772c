import Taro from '@tarojs/taro'
import { readCountries, type Country } from '../../domain/countries'

/**
 * Spec 000 §7: the country list is a GET of a static JSON file. config/index.ts copies the generated
 * countries.json to /static/countries.json, so the bundle stays free of it until the picker opens.
 */
export const COUNTRIES_URL = '/static/countries.json'

let cached: Promise<Country[]> | undefined

export function loadCountries(): Promise<Country[]> {
  cached ??= Taro.request<unknown>({ url: COUNTRIES_URL, method: 'GET', dataType: 'json' }).then(
    (res) => {
      const list = readCountries(res.data)
      if (list.length === 0) throw new Error(`no countries at ${COUNTRIES_URL}`)
      return list
    },
  )
  // a failed load may be retried the next time the picker opens
  cached.catch(() => (cached = undefined))
  return cached
}
