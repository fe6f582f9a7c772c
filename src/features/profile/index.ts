/** /profile: the personal center (bought and selling lists, income, login). */
export { ProfileScreen } from './ProfileScreen'
export * from './model'
