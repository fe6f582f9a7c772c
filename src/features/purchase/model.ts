/**
 * /lessonPay's and the pay flow's stores, for the main composition (src/app/composition.ts). No
 * screen or hook is here: those read the composition through useAppStores.
 */
export { LessonPayStore } from './LessonPayStore'
export { PayFlowStore } from './PayFlowStore'
