import { readCountries, type Country } from '../../domain/countries'

let cached: Promise<Country[]> | undefined

/**
 * The list (about 13 KB) is no part of the main package: it rides in the deferred subpackage
 * (config/subpackageChunks.ts), which WeChat downloads the first time a picker opens.
 */
export function loadCountries(): Promise<Country[]> {
  cached ??= import(/* webpackChunkName: "packages/deferred/countries" */ './countries.json').then((module) => readCountries(module.default))
  // a failed download may be retried the next time the picker opens
  cached.catch(() => (cached = undefined))
  return cached
}
