import zhCN from './zh-CN'

/** Every visible string has a key here; zh-CN is the default language and the source of the key set. */
export type Messages = typeof zhCN
export type MessageKey = keyof Messages
export type Locale = 'zh-CN' | 'en'

/** A language's strings: every key of zh-CN (the type the other catalogues are checked against). */
export type Catalog = Record<MessageKey, string>

/**
 * zh-CN is in every build; another language's catalogue is added when it is in (`startLocale`):
 * the H5 build fetches only the one the system asks for (src/platform/locale).
 */
const catalogs: Partial<Record<Locale, Catalog>> = { 'zh-CN': zhCN }

let current: Locale = 'zh-CN'

/** Picks the catalogue from a system language tag such as 'en-US' or 'zh_CN'; anything else stays zh-CN. */
export function setLocaleFromSystem(language: string | undefined): Locale {
  current = language && /^en\b/i.test(language.replace('_', '-')) ? 'en' : 'zh-CN'
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

/** Looks a string up and fills `{name}` placeholders; a missing parameter is left visible, never `undefined`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogs[current]?.[key] ?? zhCN[key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  )
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(zhCN, key)
}
