/** The listener's home (issue 35 item 6). */
export { HomePage } from './HomePage'
export { HomeScreen } from './HomeScreen'
export type { HomeScreenProps } from './HomeScreen'
export { HomeStore } from './HomeStore'
export type { ContinueState } from './HomeStore'
