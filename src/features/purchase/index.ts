/** /lessonPay and the pay flow (pay dialog, phone binding, safety confirm, payment). */
export { LessonPayScreen } from './LessonPayScreen'
export { LessonPayStore } from './LessonPayStore'
export { lessonPayRouteFromParams } from './lessonPayRoute'
export { PayFlowStore } from './PayFlowStore'
export { PayFlowView } from './PayFlowView'
export { usePayFlow } from './usePayFlow'
