import type { Catalog, Locale } from '../../locales'

/** Its own chunk, fetched only when the system asks for English: zh-CN readers never download it. */
export function loadCatalog(locale: Exclude<Locale, 'zh-CN'>): Promise<Catalog> {
  switch (locale) {
    case 'en':
      return import(/* webpackChunkName: "locale-en" */ '../../locales/en').then((module) => module.default)
  }
}
