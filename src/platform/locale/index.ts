/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { Catalog, Locale } from '../../locales'

/** The catalogue of a language other than zh-CN: carried by the mini-program, fetched on demand by H5. */
export declare function loadCatalog(locale: Exclude<Locale, 'zh-CN'>): Catalog | Promise<Catalog>
