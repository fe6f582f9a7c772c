import type { FileStorage } from './types'

const unsupported = (): Promise<never> => Promise.reject(new Error('this browser keeps no lesson files'))

/**
 * H5 keeps no lesson files: a service worker that caches a lesson's media (and its answers) would
 * have to be built, scoped and versioned with the site, which this build does not do yet, so the
 * screens say plainly that this browser cannot keep lessons offline.
 */
export const fileStorage: FileStorage = {
  supported: false,
  save: unsupported,
  writeText: unsupported,
  readText: unsupported,
  remove: () => Promise.resolve(),
}
