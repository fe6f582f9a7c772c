/** /profile's store, for the main composition (src/app/composition.ts). */
export { ProfileStore } from './ProfileStore'
export type { ProfileDeps } from './ProfileStore'
