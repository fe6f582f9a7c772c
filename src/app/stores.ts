import { createContext, useContext } from 'react'
import type { AppStores } from './composition'

export type { AppStores } from './composition'

/** The main package's stores; app.ts provides them around every page, tests provide their own. */
export const AppStoresContext = createContext<AppStores | null>(null)

/** Where every screen gets its stores: the one hook backed by React context. */
export function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext)
  if (!stores) throw new Error('useAppStores: no AppStoresContext.Provider above this component (app.ts provides it)')
  return stores
}

/**
 * An app-global store that only some pages read (the downloaded lessons): built on the first call
 * from the app's shared pieces and kept for the app's life, the same one for every page. Its code
 * loads with the pages that call it (on H5 their chunks), not before the first lesson row (issue 36).
 */
export function defineAppStore<T>(build: (app: AppStores) => T): (app: AppStores) => T {
  const built = new WeakMap<AppStores, T>()
  return function appStore(app: AppStores): T {
    const existing = built.get(app)
    if (existing !== undefined) return existing
    const created = build(app)
    built.set(app, created)
    return created
  }
}

/**
 * A subpackage's composition: built on first use from the app's shared pieces (transport, session,
 * player) and kept for the life of the app (defineAppStore). Only the subpackage's own pages call
 * the hook it returns, so the subpackage's stores and api modules stay out of the main package.
 */
export function definePackageStores<T>(build: (app: AppStores) => T): () => T {
  const storesOf = defineAppStore(build)
  return function usePackageStores(): T {
    return storesOf(useAppStores())
  }
}
