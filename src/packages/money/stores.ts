import { definePackageStores } from '../../app/stores'
import { createMoneyApi } from '../../api/money'
import { BankCardStore, CardFormStore, IncomeStore, WithdrawStore } from '../../features/money'
import { messageOf } from '../../domain/errorMessage'

/**
 * The money package's composition (income, withdrawal, bank card), reached only from its own pages.
 * Built on the app's one transport, storage (the card-updated flag) and login data (a withdrawal
 * carries the loginData credential).
 */
export const useMoneyStores = definePackageStores((app) => {
  const money = createMoneyApi(app.post)
  return {
    createIncomeStore: (): IncomeStore => new IncomeStore(money, messageOf),
    createWithdrawStore: (): WithdrawStore => new WithdrawStore({ money, storage: app.storage, loginData: app.loginData, messageOf }),
    createBankCardStore: (): BankCardStore => new BankCardStore(money, messageOf),
    createCardFormStore: (editing: boolean): CardFormStore => new CardFormStore(money, app.storage, messageOf, editing),
  }
})
