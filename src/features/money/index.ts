/** The money package's screens and their stores: income, withdrawal, bank card (spec 001 §2). */
export { BankCardScreen } from './BankCardScreen'
export { CardFormScreen } from './CardFormScreen'
export { IncomeScreen } from './IncomeScreen'
export { WithdrawScreen } from './WithdrawScreen'
export { BankCardStore, CardFormStore, IncomeStore, WithdrawStore } from './stores'
