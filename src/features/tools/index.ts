/** The test pages /test and /testWmJsApi (misc package). */
export { TestScreen } from './TestScreen'
export { TestStore, randomRequestId } from './TestStore'
export type { PasteState, PaymentState, TestDeps, UserInfoState } from './TestStore'
export { WmJsApiScreen } from './WmJsApiScreen'
export { WmJsApiStore } from './WmJsApiStore'
