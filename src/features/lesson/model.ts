/**
 * The lesson viewer's stores, for the main composition (src/app/composition.ts). No screen or hook
 * is here: those read the composition through useAppStores, so the composition must not import them.
 */
export { LessonStore } from './LessonStore'
export type { LessonAccessContext } from './LessonStore'
