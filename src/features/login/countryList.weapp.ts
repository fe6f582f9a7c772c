import { readCountries, type Country } from '../../domain/countries'
import countries from './countries.json'

/** The mini-program cannot fetch its own files: the list is bundled with the page (about 15 KB). */
export function loadCountries(): Promise<Country[]> {
  return Promise.resolve(readCountries(countries))
}
