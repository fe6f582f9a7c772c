import zhCN from './zh-CN'
import type album from './zh-CN/album'
import type invite from './zh-CN/invite'
import type launcher from './zh-CN/launcher'
import type live from './zh-CN/live'
import type moderation from './zh-CN/moderation'
import type profile from './zh-CN/profile'
import type review from './zh-CN/review'
import type money from './zh-CN/money'
import type tools from './zh-CN/tools'
import type transcript from './zh-CN/transcript'
import type vip from './zh-CN/vip'

/** Every visible string of the main package has a key here; zh-CN is the default language and the source of the key set. */
export type Messages = typeof zhCN
/**
 * Strings outside every page's first load, added when the code showing them loads: each
 * subpackage's (`src/locales/packages/<name>.ts`, riding in that subpackage) and the launcher's
 * (added by the launcher page).
 */
export type PackageMessages = typeof vip & typeof album & typeof invite & typeof tools & typeof live & typeof moderation & typeof money & typeof launcher & typeof transcript & typeof profile & typeof review
export type MessageKey = keyof Messages | keyof PackageMessages
export type Locale = 'zh-CN' | 'en'

/** A language's strings for the main package: every key of zh-CN (the type the other catalogues are checked against). */
export type Catalog = Record<keyof Messages, string>

/** Strings added on load, in every language, English with exactly the zh-CN keys. */
export interface PackageStrings<K extends keyof PackageMessages> {
  readonly 'zh-CN': Readonly<Record<K, string>>
  readonly en: Readonly<Record<K, string>>
}

/**
 * zh-CN is in every build; another language's catalogue is added when it is in (`startLocale`):
 * the H5 build fetches only the one the system asks for (src/platform/locale).
 */
const catalogs: Partial<Record<Locale, Catalog>> = { 'zh-CN': zhCN }

/** Strings added so far, per language (both languages ride with the code that adds them). */
const added: Record<Locale, Partial<Record<keyof PackageMessages, string>>> = { 'zh-CN': {}, en: {} }

/** Adds strings kept out of the main catalogue; called once by the module that carries them, when it loads. */
export function addStrings<K extends keyof PackageMessages>(strings: PackageStrings<K>): void {
  Object.assign(added['zh-CN'], strings['zh-CN'])
  Object.assign(added.en, strings.en)
}

function lookup(locale: Locale, key: MessageKey): string | undefined {
  return Object.prototype.hasOwnProperty.call(zhCN, key)
    ? catalogs[locale]?.[key as keyof Messages]
    : added[locale][key as keyof PackageMessages]
}

let current: Locale = 'zh-CN'

/** The catalogue for a system language tag such as 'en-US' or 'zh_CN'; anything else is zh-CN. */
export function localeOf(language: string | undefined): Locale {
  return language && /^en\b/i.test(language.replace('_', '-')) ? 'en' : 'zh-CN'
}

/** Picks the catalogue from a system language tag (`localeOf`). */
export function setLocaleFromSystem(language: string | undefined): Locale {
  current = localeOf(language)
  return current
}

/**
 * Picks the language from the system's tag and makes its catalogue ready. Undefined when it is
 * ready now (zh-CN, or a catalogue `load` answers at once); otherwise zh-CN stays current until
 * the returned promise settles with the catalogue in (or, when it cannot load, zh-CN kept).
 */
export function startLocale(
  language: string | undefined,
  load: (locale: Exclude<Locale, 'zh-CN'>) => Catalog | Promise<Catalog>,
): Promise<void> | undefined {
  const locale = setLocaleFromSystem(language)
  if (locale === 'zh-CN' || catalogs[locale]) return undefined
  const catalog = load(locale)
  if (!(catalog instanceof Promise)) {
    catalogs[locale] = catalog
    return undefined
  }
  current = 'zh-CN'
  return catalog.then(
    (loaded) => {
      catalogs[locale] = loaded
      current = locale
    },
    () => undefined,
  )
}

export function setLocale(locale: Locale): void {
  current = locale
}

export function getLocale(): Locale {
  return current
}

/** Fills a string's `{name}` placeholders; a missing parameter is left visible, never `undefined`. */
export function fillPlaceholders(template: string, params?: Record<string, string | number>): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  )
}

/** Looks a string up and fills its placeholders (`fillPlaceholders`). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return fillPlaceholders(lookup(current, key) ?? lookup('zh-CN', key) ?? key, params)
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(zhCN, key) || Object.prototype.hasOwnProperty.call(added['zh-CN'], key)
}
