/**
 * Generates the country-code list of the phone-login dialog (spec 000 §2 "Phone-login dialog",
 * §3 "Country entry: country_cn, phone_code") from maintained data instead of a hand-kept table:
 * - names: i18n-iso-countries (ISO 3166-1, Chinese locale),
 * - calling codes: libphonenumber-js (Google's libphonenumber metadata),
 * - `initial`: the pinyin initial of the Chinese name (pinyin-pro), computed here once so neither
 *   build ships a pinyin dictionary.
 * Territories without a calling code (Antarctica, Bouvet Island, ...) are left out.
 *
 * Run: node scripts/gen-countries.mjs  (writes src/features/login/countries.json; commit the result)
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import countries from 'i18n-iso-countries'
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js'
import { pinyin } from 'pinyin-pro'

const require = createRequire(import.meta.url)
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUTPUT = path.join(ROOT, 'src', 'features', 'login', 'countries.json')

countries.registerLocale(require('i18n-iso-countries/langs/zh.json'))

/**
 * Upper-case A-Z initial of a Chinese name; '#' when it has none. The whole name goes to pinyin-pro
 * so a polyphonic first character is read in context.
 */
function initialOf(name) {
  const first = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })[0] ?? ''
  const letter = first.charAt(0).toUpperCase()
  return /^[A-Z]$/.test(letter) ? letter : '#'
}

function buildCountries() {
  const names = countries.getNames('zh', { select: 'official' })
  return Object.keys(names)
    .filter((iso) => isSupportedCountry(iso))
    .map((iso) => ({ country_cn: names[iso], phone_code: getCountryCallingCode(iso), initial: initialOf(names[iso]) }))
    .sort((a, b) => a.initial.localeCompare(b.initial) || a.country_cn.localeCompare(b.country_cn, 'zh-CN'))
}

const list = buildCountries()
// one entry per line: small, and a regenerated list diffs line by line
writeFileSync(OUTPUT, `[\n${list.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`)
console.log(`wrote ${list.length} countries to ${path.relative(ROOT, OUTPUT)}`)
