/**
 * Typing seam: the builds resolve `countryList.weapp.ts` / `countryList.h5.ts` by Taro's file
 * suffixes, the component tests resolve `countryList.h5.ts`.
 */
import type { Country } from '../../domain/countries'

export declare function loadCountries(): Promise<Country[]>
