import { ResponseCode } from '../../types/api'
import type { BankCard, BoughtItem, ClearingRecord, EsignState, IncomeSummary, OrderType, RecashRecord, SalesIncomeRecord, SellingLesson, SellingLive } from '../../types/money'
import { MONEY_PAGE_SIZE, moneyCalls } from '../../types/money'
import { createCall } from './client'
import type { Post } from './client'

export type {
  BankCard,
  BoughtItem,
  ClearingRecord,
  EsignState,
  IncomeSummary,
  OrderType,
  RecashRecord,
  SalesIncomeRecord,
  SellingLesson,
  SellingLive,
} from '../../types/money'
export { MONEY_PAGE_SIZE } from '../../types/money'

/** One page of a money list; `end` when it is shorter than a page (spec 001 §5). */
export interface MoneyPage<T> {
  items: T[]
  end: boolean
}

const pageOf = <T>(items: T[]): MoneyPage<T> => ({ items, end: items.length < MONEY_PAGE_SIZE })

/**
 * The money calls of spec 001 §7 (types/money.ts maps each named call to its path). Lists page by
 * 20. Failures reject with the transport's ApiError (already toasted unless `silent`), so each
 * screen shows where it failed; 601 has already sent the user to /profile.
 */
export function createMoneyApi(post: Post) {
  const call = createCall(post)
  const paging = (page: number) => ({ page, pageSize: MONEY_PAGE_SIZE })
  /** a list answered 404 has nothing more (the transport hands 404 to the caller) */
  const items = <T>(res: { code: number; data: { array: T[] } | null }): T[] =>
    res.code === ResponseCode.Ok && res.data ? res.data.array : []

  return {
    async bought(orderType: OrderType, page: number): Promise<MoneyPage<BoughtItem>> {
      return pageOf(items(await call(moneyCalls.bought, { ...paging(page), orderType }, { silent: true })))
    },
    async salesLessons(page: number): Promise<MoneyPage<SellingLesson>> {
      return pageOf(items(await call(moneyCalls.salesLessons, paging(page), { silent: true })))
    },
    async salesLives(page: number): Promise<MoneyPage<SellingLive>> {
      return pageOf(items(await call(moneyCalls.salesLives, paging(page), { silent: true })))
    },
    async income(page: number): Promise<MoneyPage<SalesIncomeRecord>> {
      return pageOf(items(await call(moneyCalls.income, paging(page), { silent: true })))
    },
    async recash(page: number): Promise<MoneyPage<RecashRecord>> {
      return pageOf(items(await call(moneyCalls.recash, paging(page), { silent: true })))
    },
    async clearings(page: number): Promise<MoneyPage<ClearingRecord>> {
      return pageOf(items(await call(moneyCalls.clearings, paging(page), { silent: true })))
    },
    async summary(): Promise<IncomeSummary> {
      return (await call(moneyCalls.summary, {}, { silent: true })).data.object
    },
    /** finalAction: the whole usable balance into one withdrawal. */
    async apply(loginData: string): Promise<ClearingRecord> {
      return (await call(moneyCalls.apply, { loginData }, { silent: true })).data.object
    },
    /** finalFailure: a failed withdrawal again. */
    async applyAgain(clearingNO: string): Promise<ClearingRecord> {
      return (await call(moneyCalls.applyAgain, { clearingNO }, { silent: true })).data.object
    },
    /** The bound card, or undefined when none is (the call answers 404). */
    async bankCard(): Promise<BankCard | undefined> {
      const res = await call(moneyCalls.bankCard, {}, { silent: true })
      return res.code === ResponseCode.Ok ? res.data.object : undefined
    },
    async saveBankCard(card: BankCard): Promise<void> {
      await call(moneyCalls.saveBankCard, { ...card }, { silent: true })
    },
    async unbindBankCard(): Promise<void> {
      await call(moneyCalls.unbindBankCard, {}, { silent: true })
    },
    /** Whether the seller signed the payout agreement (spec 001 §9: the first payout needs it). */
    async esign(): Promise<EsignState> {
      return (await call(moneyCalls.esign, {}, { silent: true })).data.object
    },
    /** The signing code, by SMS to the phone reserved on the bound card. */
    async esignSendSms(): Promise<void> {
      await call(moneyCalls.esignSendSms, {}, { silent: true })
    },
    async esignConfirm(vcode: string): Promise<EsignState> {
      return (await call(moneyCalls.esignConfirm, { vcode }, { silent: true })).data.object
    },
  }
}

export type MoneyApi = ReturnType<typeof createMoneyApi>
