/** /lessonPay and the pay flow (pay dialog, phone binding, safety confirm, payment). */
export { LessonPayScreen } from './LessonPayScreen'
export * from './model'
export { lessonPayRouteFromParams } from './lessonPayRoute'
export { PayFlowView } from './PayFlowView'
export { usePayFlow } from './usePayFlow'
