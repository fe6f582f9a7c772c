import type { Catalog, Locale } from '../../locales'
import en from '../../locales/en'

/** The mini-program has no chunks to fetch: the catalogue is in the main package, ready at once. */
export function loadCatalog(locale: Exclude<Locale, 'zh-CN'>): Catalog {
  switch (locale) {
    case 'en':
      return en
  }
}
