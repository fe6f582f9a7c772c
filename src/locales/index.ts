import zhCN from './zh-CN'
import en from './en'

/** Every visible string has a key here; zh-CN is the default language and the source of the key set. */
export type Messages = typeof zhCN
export type MessageKey = keyof Messages
export type Locale = 'zh-CN' | 'en'

const catalogs: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en }

let current: Locale = 'zh-CN'

/** Picks the catalogue from a system language tag such as 'en-US' or 'zh_CN'; anything else stays zh-CN. */
export function setLocaleFromSystem(language: string | undefined): Locale {
  current = language && /^en\b/i.test(language.replace('_', '-')) ? 'en' : 'zh-CN'
  return current
}

export function setLocale(locale: Locale): void {
  current = locale
}

export function getLocale(): Locale {
  return current
}

/** Looks a string up and fills `{name}` placeholders; a missing parameter is left visible, never `undefined`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogs[current][key] ?? catalogs['zh-CN'][key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  )
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(zhCN, key)
}
