/**
 * Wire types and calls of the money area (spec 001 §2 /profile, /withdraw, /withdrawAction,
 * /withdrawBindCard, /withdrawBindCardEdit; §3, §4, §7, §9). Money is integer fen everywhere.
 *
 * Every call here is scoped to the session the `userid`/`token` headers prove: without one it
 * answers 601 (the transport then goes to /profile), and no call takes a user id, so a session
 * can only ever read or move its own records.
 *
 * The named calls of spec 001 §7 and the paths they use (the spec leaves the pairing open):
 *   getBoughtList        -> bought       /wmim/course/v2/bought/list.do
 *   getSallerLessonList  -> salesLessons /wmim/course/v2/sales/list.do
 *   salesLive            -> salesLives   /wmim/live/sales/list.do
 *   getIncome            -> income       /wmim/course/v2/income/list.do   (sales income records)
 *   queryRecashList      -> recash       /wmim/course/v2/recash/list.do   (share income records)
 *   finalInfo            -> summary      /wmim/course/clearing/info.do    (balances, fee, card state)
 *   finalAction          -> apply        /wmim/course/clearing/apply.do
 *   finalFailure         -> applyAgain   /wmim/course/clearing/applyAgain.do
 *   finalList            -> clearings    /wmim/course/clearing/list.do
 *   getBankCardInfo      -> bankCard     /wmim/course/clearing/bank/info.do
 *   updateBankCardInfo   -> saveBankCard /wmim/course/clearing/bank/saveOrUpdate.do
 *   unbindBankCard       -> unbindBankCard /wmim/course/clearing/bank/unbind.do
 *   getWxLoginUrl type 1 -> loginCalls.loginUrl (types/login.ts), which returns to /profile
 */
import type { ArrayData, ObjectData } from './api'
import { endpoint } from './contract'

/** order type and pay type: 1 lesson, 2 live */
export type OrderType = 1 | 2

/** Order states a money list shows: 1 paid, 4 refunded (a refunded item cannot be opened). */
export type PaidOrderStatus = 1 | 4

/** spec 001 §9: profile, income and withdraw lists page by 20. */
export const MONEY_PAGE_SIZE = 20

/** Income becomes withdrawable this long after the sale was paid (spec 001 §9: 7 days). */
export const MATURITY_MS = 7 * 24 * 3600_000

export interface PageBody {
  page: number
  pageSize: number
}

/** One bought order (spec 001 §3). A lesson carries `courseName`, a live `title`. */
export interface BoughtItem {
  orderNO: string
  orderType: OrderType
  orderStatus: PaidOrderStatus
  courseData: string
  shareUrl: string
  courseName: string
  title: string
  /** fen */
  totalFee: number
}

/** A lesson on sale (spec 001 §3 selling item). `share` is the share reward in fen (0: none). */
export interface SellingLesson {
  courseData: string
  courseName: string
  /** fen */
  fee: number
  salesCount: number
  shareUrl: string
  /** fen paid to whoever shared the link a sale came from */
  shareRecash: number
}

/** A live on sale (spec 001 §3 selling item). */
export interface SellingLive {
  courseData: string
  title: string
  /** fen */
  liveF: number
  salesCount: number
  shareUrl: string
  shareRecash: number
}

/**
 * The income summary (spec 001 §3), in fen. totalMoney = usableMoney + unUsableMoney + every
 * withdrawal not failed + what failed withdrawals still hold for their retry. taxFee is the platform fee a withdrawal of usableMoney would pay;
 * arriveMoney = usableMoney - taxFee.
 */
export interface IncomeSummary {
  totalMoney: number
  usableMoney: number
  unUsableMoney: number
  taxFee: number
  arriveMoney: number
  isBindBankCard: 0 | 1
  /** 1 when the last payout failed on the bound card's details and they were not changed since */
  isErrorBankInfo: 0 | 1
}

/** One sale (spec 001 §3 sales income record); `totalFee` is what the sale earns the seller, in fen. */
export interface SalesIncomeRecord {
  orderNO: string
  buyerFaceIcon: string
  buyerNickname: string
  totalFee: number
  orderType: OrderType
  courseName: string
  orderStatus: PaidOrderStatus
  /** epoch ms */
  payTime: number
}

/** One share reward (spec 001 §3 recash record). */
export interface RecashRecord {
  id: string
  faceIcon: string
  nickname: string
  /** fen */
  recashFee: number
  courseName: string
  /** epoch ms */
  createTime: number
}

/** 0 waiting for payout, 1 paid out, 2 failed (spec 001 §4). */
export type ClearingStatus = 0 | 1 | 2

/** Why a payout failed: 1 the bank card's details are wrong (spec 001 §4 "bank-info error"). */
export type ClearingFailure = 0 | 1

/** One withdrawal (spec 001 §3). money = orderMoney - taxFee is what reaches the card. */
export interface ClearingRecord {
  clearingNO: string
  /** how many sales and share rewards it pays out */
  orderNum: number
  /** fen, what reaches the card */
  money: number
  /** fen, the income withdrawn */
  orderMoney: number
  /** fen, the platform fee */
  taxFee: number
  clearingStatus: ClearingStatus
  /** 1 when it failed on the card's details (the record shows the reason) */
  failType: ClearingFailure
  /** the payout's reason for failing, '' otherwise */
  failReason: string
  /**
   * 1 when applyAgain would take it now (spec 001 §4, §5): failed, still holding income, a card
   * bound and not marked erroneous, and, after a failure on the card's details, saved since.
   */
  retryable: 0 | 1
  /** epoch ms */
  applyTime: number
}

/**
 * The bank card (spec 001 §3). The info call answers idCardNo, bankNo and phone masked (bankNo
 * to its last 4 digits, spec 001 §9): the full numbers never leave the server. saveBankCard takes
 * each of the three either typed in full or exactly as the info call masked it, which keeps the
 * stored value (the seller did not retype it).
 */
export interface BankCard {
  realName: string
  idCardNo: string
  bankNo: string
  phone: string
  bankName: string
}

/** Code of an apply with nothing to withdraw, and of a retry of a withdrawal whose sales were all refunded. */
export const NOTHING_TO_WITHDRAW_CODE = 409

export const moneyCalls = {
  /** orderType 1 lessons, 2 lives; newest first. */
  bought: endpoint<PageBody & { orderType: OrderType }, ArrayData<BoughtItem>>('/wmim/course/v2/bought/list.do', {
    page: 'required',
    pageSize: 'required',
    orderType: 'required',
  }),
  salesLessons: endpoint<PageBody, ArrayData<SellingLesson>>('/wmim/course/v2/sales/list.do', {
    page: 'required',
    pageSize: 'required',
  }),
  salesLives: endpoint<PageBody, ArrayData<SellingLive>>('/wmim/live/sales/list.do', {
    page: 'required',
    pageSize: 'required',
  }),
  income: endpoint<PageBody, ArrayData<SalesIncomeRecord>>('/wmim/course/v2/income/list.do', {
    page: 'required',
    pageSize: 'required',
  }),
  recash: endpoint<PageBody, ArrayData<RecashRecord>>('/wmim/course/v2/recash/list.do', {
    page: 'required',
    pageSize: 'required',
  }),
  summary: endpoint<Record<never, never>, ObjectData<IncomeSummary>>('/wmim/course/clearing/info.do', {}),
  /**
   * Moves the whole usable balance into one waiting withdrawal, atomically; `loginData` must name
   * the session's user. Nothing usable answers NOTHING_TO_WITHDRAW_CODE; no card 400.
   */
  apply: endpoint<{ loginData: string }, ObjectData<ClearingRecord>>('/wmim/course/clearing/apply.do', {
    loginData: 'required',
  }),
  /**
   * Submits a failed withdrawal again, under the retry rule (spec 001 §5), with the income it
   * holds (a failed withdrawal keeps its income: no other withdrawal takes it), less any sale
   * refunded since; once, however often it arrives.
   */
  applyAgain: endpoint<{ clearingNO: string }, ObjectData<ClearingRecord>>('/wmim/course/clearing/applyAgain.do', {
    clearingNO: 'required',
  }),
  clearings: endpoint<PageBody, ArrayData<ClearingRecord>>('/wmim/course/clearing/list.do', {
    page: 'required',
    pageSize: 'required',
  }),
  /** 200 with the card, masked (see BankCard), when one is bound; 404 when none is. */
  bankCard: endpoint<Record<never, never>, ObjectData<BankCard>>('/wmim/course/clearing/bank/info.do', {}),
  saveBankCard: endpoint<BankCard, ObjectData<BankCard>>('/wmim/course/clearing/bank/saveOrUpdate.do', {
    realName: 'required',
    idCardNo: 'required',
    bankNo: 'required',
    phone: 'required',
    bankName: 'required',
  }),
  unbindBankCard: endpoint<Record<never, never>, null>('/wmim/course/clearing/bank/unbind.do', {}),
  /** The seller's payout agreement (spec 001 §9 "the first payout requires signing via an e-signature SMS"). */
  esign: endpoint<Record<never, never>, ObjectData<EsignState>>('/wmim/course/clearing/esign/info.do', {}),
  /** Sends the signing code to the phone reserved on the bound card (the login SMS's limits apply). */
  esignSendSms: endpoint<Record<never, never>, null>('/wmim/course/clearing/esign/sendSms.do', {}),
  /** Signs with the code (a blank one is refused as the phone binding refuses it); signing again answers the first signature. */
  esignConfirm: endpoint<{ vcode?: string }, ObjectData<EsignState>>('/wmim/course/clearing/esign/confirm.do', { vcode: 'optional' }),
} as const

/**
 * Whether the seller signed the payout agreement. Until then the seller's withdrawals wait: the
 * payout run leaves them out of its batch (docs/PAYOUTS.md).
 */
export interface EsignState {
  signed: 0 | 1
  /** the bound card's reserved phone, masked as the card info call masks it; '' without a card */
  phone: string
  /** epoch ms, 0 when not signed */
  signedAt: number
}

/** What the demo's whole payout did (moneyDevCalls.payout: a batch and the simulated bank's result). */
export interface PayoutResult {
  paid: number
  failed: number
}

/**
 * Development-only (registered with the /dev/ routes, never in a real deployment): runs the
 * payout now and answers for the bank (server/money/payout.ts `demoPayout`). `rejectCardOf` names a user whose card the bank turns down in this run; `failOf` one
 * whose transfer fails for another reason (the bank's system), which the seller may simply retry.
 */
export const moneyDevCalls = {
  payout: endpoint<{ rejectCardOf?: string; failOf?: string }, ObjectData<PayoutResult>>('/dev/money/payout.do', {
    rejectCardOf: 'optional',
    failOf: 'optional',
  }),
} as const
