/** Phone login and binding: the phone dialog with its country picker and SMS code. */
export { PhoneDialog } from './PhoneDialog'
export type { PhoneDialogForm } from './PhoneDialog'
