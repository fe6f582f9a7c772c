import type { Statement } from 'better-sqlite3'
import type { BankCard, ClearingRecord, ClearingStatus, OrderType } from '../../types/money'
import { MATURITY_MS } from '../../types/money'
import type { Db } from '../core/db'

/** A page of a list: rows `offset` to `offset + limit`. */
export interface Window {
  offset: number
  limit: number
}

export interface BoughtRow {
  orderNO: string
  orderType: OrderType
  orderStatus: 1 | 4
  courseData: string
  shareUrl: string
  name: string
  totalFee: number
}

export interface SellingRow {
  courseData: string
  name: string
  fee: number
  salesCount: number
  shareUrl: string
  shareRecash: number
}

export interface IncomeRow {
  entryKey: string
  orderNO: string
  orderType: OrderType
  buyerNickname: string
  buyerFaceIcon: string
  amount: number
  itemName: string
  refunded: 0 | 1
  paidAt: number
}

/** The balances of one user at one moment, in fen (see rules.ts `incomeSummary`). */
export interface Balances {
  usable: number
  unusable: number
  /** withdrawals waiting or paid out */
  withdrawn: number
}

export interface CardRecord extends BankCard {
  isError: 0 | 1
  updatedAt: number
}

export interface ClearingRow {
  clearingNO: string
  wmid: string
  orderNum: number
  orderMoney: number
  taxFee: number
  status: ClearingStatus
  failType: 0 | 1
  failReason: string
  appliedAt: number
  settledAt: number | null
}

/** What a withdrawal would take now: the usable entries. */
export interface Claimable {
  count: number
  amount: number
}

/** An entry is free (usable or maturing) when not refunded and not held by a withdrawal that did not fail. */
const FREE = `e.refunded = 0 AND (e.clearing_no IS NULL OR e.clearing_no IN (SELECT clearing_no FROM clearings WHERE status = 2))`

const CLEARING_COLUMNS = `clearing_no AS clearingNO, wmid, order_num AS orderNum, order_money AS orderMoney,
  tax_fee AS taxFee, status, fail_type AS failType, fail_reason AS failReason, applied_at AS appliedAt, settled_at AS settledAt`

const CARD_COLUMNS = `real_name AS realName, id_card_no AS idCardNo, bank_no AS bankNo, phone, bank_name AS bankName,
  is_error AS isError, updated_at AS updatedAt`

/**
 * The money area's queries. Each method is one statement or one transaction; a transaction that
 * reads and then writes begins IMMEDIATE, so the workers of server/cluster.ts take turns on it
 * (a deferred one would read a snapshot another worker may have written past, then fail to write).
 */
export class MoneyRepository {
  private readonly boughtLessons: Statement<[string, number, number], BoughtRow>
  private readonly boughtLives: Statement<[string, number, number], BoughtRow>
  private readonly sellingLessons: Statement<[string, number, number], SellingRow>
  private readonly sellingLives: Statement<[string, number, number], SellingRow>
  private readonly entries: Statement<[string, number, number, number], IncomeRow>
  private readonly free: Statement<[number, number, string], { usable: number; unusable: number }>
  private readonly withdrawnSum: Statement<[string], { withdrawn: number }>
  private readonly claimable: Statement<[string, number], Claimable>
  private readonly insertClearing: Statement<[string, string, number, number, number, number]>
  private readonly claim: Statement<[string, string, number]>
  private readonly clearingList: Statement<[string, number, number], ClearingRow>
  private readonly clearingByNo: Statement<[string], ClearingRow>
  private readonly heldBy: Statement<[string], { count: number; amount: number; refunded: number }>
  private readonly resubmit: Statement<[string]>
  private readonly waiting: Statement<[], ClearingRow>
  private readonly settle: Statement<[1 | 2, 0 | 1, string, number, string]>
  private readonly cardOf: Statement<[string], CardRecord>
  private readonly upsertCard: Statement<[string, string, string, string, string, string, number]>
  private readonly deleteCard: Statement<[string]>
  private readonly markCard: Statement<[string]>

  constructor(private readonly db: Db) {
    const bought = (orders: string, items: string, itemId: string, name: string, type: OrderType) => `
      SELECT o.order_no AS orderNO, ${type} AS orderType, o.status AS orderStatus, p.course_data AS courseData,
             p.share_url AS shareUrl, p.${name} AS name, o.total_fee AS totalFee
      FROM ${orders} o JOIN ${items} p ON p.id = o.${itemId}
      WHERE o.wmid = ? AND o.status IN (1, 4)
      ORDER BY o.paid_at DESC, o.order_no LIMIT ? OFFSET ?`
    this.boughtLessons = db.prepare(bought('orders', 'lessons', 'lesson_id', 'course_name', 1))
    this.boughtLives = db.prepare(bought('live_orders', 'lives', 'live_id', 'title', 2))
    this.sellingLessons = db.prepare(`
      SELECT l.course_data AS courseData, l.course_name AS name, l.fee, l.share_url AS shareUrl,
             CASE WHEN l.is_checked_share_recash = 1 THEN l.share_recash ELSE 0 END AS shareRecash,
             (SELECT count(*) FROM orders o WHERE o.lesson_id = l.id AND o.status = 1) AS salesCount
      FROM lessons l WHERE l.wmid = ? AND l.privacy_status = 3 AND l.fee > 0 AND l.illegal = 0
      ORDER BY l.create_timestamp DESC, l.id LIMIT ? OFFSET ?`)
    this.sellingLives = db.prepare(`
      SELECT v.course_data AS courseData, v.title AS name, v.live_fee AS fee, v.share_url AS shareUrl, v.share_recash AS shareRecash,
             (SELECT count(*) FROM live_orders o WHERE o.live_id = v.id AND o.status = 1) AS salesCount
      FROM lives v WHERE v.wmid = ? ORDER BY v.created_at DESC, v.id LIMIT ? OFFSET ?`)
    this.entries = db.prepare(`
      SELECT e.entry_key AS entryKey, e.order_no AS orderNO, e.order_type AS orderType, u.nickname AS buyerNickname,
             u.face_icon AS buyerFaceIcon, e.amount, e.item_name AS itemName, e.refunded, e.paid_at AS paidAt
      FROM income_entries e JOIN users u ON u.wmid = e.buyer_wmid
      WHERE e.wmid = ? AND e.kind = ? ORDER BY e.paid_at DESC, e.entry_key LIMIT ? OFFSET ?`)
    this.free = db.prepare(`
      SELECT coalesce(sum(CASE WHEN e.paid_at <= ? THEN e.amount END), 0) AS usable,
             coalesce(sum(CASE WHEN e.paid_at > ? THEN e.amount END), 0) AS unusable
      FROM income_entries e WHERE e.wmid = ? AND ${FREE}`)
    this.withdrawnSum = db.prepare(
      'SELECT coalesce(sum(order_money), 0) AS withdrawn FROM clearings WHERE wmid = ? AND status IN (0, 1)',
    )
    this.claimable = db.prepare(`
      SELECT count(*) AS count, coalesce(sum(e.amount), 0) AS amount
      FROM income_entries e WHERE e.wmid = ? AND e.paid_at <= ? AND ${FREE}`)
    this.insertClearing = db.prepare(`
      INSERT INTO clearings (clearing_no, wmid, order_num, order_money, tax_fee, applied_at) VALUES (?, ?, ?, ?, ?, ?)`)
    this.claim = db.prepare(`
      UPDATE income_entries AS e SET clearing_no = ? WHERE e.wmid = ? AND e.paid_at <= ? AND ${FREE}`)
    this.clearingList = db.prepare(
      `SELECT ${CLEARING_COLUMNS} FROM clearings WHERE wmid = ? ORDER BY applied_at DESC, clearing_no LIMIT ? OFFSET ?`,
    )
    this.clearingByNo = db.prepare(`SELECT ${CLEARING_COLUMNS} FROM clearings WHERE clearing_no = ?`)
    this.heldBy = db.prepare(`
      SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount, coalesce(sum(refunded), 0) AS refunded
      FROM income_entries WHERE clearing_no = ?`)
    this.resubmit = db.prepare(
      "UPDATE clearings SET status = 0, fail_type = 0, fail_reason = '', settled_at = NULL WHERE clearing_no = ? AND status = 2",
    )
    this.waiting = db.prepare(`SELECT ${CLEARING_COLUMNS} FROM clearings WHERE status = 0 ORDER BY applied_at, clearing_no`)
    this.settle = db.prepare(
      'UPDATE clearings SET status = ?, fail_type = ?, fail_reason = ?, settled_at = ? WHERE clearing_no = ? AND status = 0',
    )
    this.cardOf = db.prepare(`SELECT ${CARD_COLUMNS} FROM bank_cards WHERE wmid = ?`)
    this.upsertCard = db.prepare(`
      INSERT INTO bank_cards (wmid, real_name, id_card_no, bank_no, phone, bank_name, is_error, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, 0, ?)
      ON CONFLICT (wmid) DO UPDATE SET real_name = excluded.real_name, id_card_no = excluded.id_card_no,
        bank_no = excluded.bank_no, phone = excluded.phone, bank_name = excluded.bank_name, is_error = 0,
        updated_at = excluded.updated_at`)
    this.deleteCard = db.prepare('DELETE FROM bank_cards WHERE wmid = ?')
    this.markCard = db.prepare('UPDATE bank_cards SET is_error = 1 WHERE wmid = ?')
  }

  bought(wmid: string, orderType: OrderType, window: Window): BoughtRow[] {
    const statement = orderType === 1 ? this.boughtLessons : this.boughtLives
    return statement.all(wmid, window.limit, window.offset)
  }

  selling(wmid: string, orderType: OrderType, window: Window): SellingRow[] {
    const statement = orderType === 1 ? this.sellingLessons : this.sellingLives
    return statement.all(wmid, window.limit, window.offset)
  }

  /** kind 1: the user's sales, 2: the user's share rewards; refunded ones included (marked). */
  income(wmid: string, kind: 1 | 2, window: Window): IncomeRow[] {
    return this.entries.all(wmid, kind, window.limit, window.offset)
  }

  /** One consistent reading (one transaction) of the three parts of a user's income at `now`. */
  balances(wmid: string, now: number): Balances {
    return this.db.transaction((): Balances => {
      const maturedBy = now - MATURITY_MS
      const { usable, unusable } = this.free.get(maturedBy, maturedBy, wmid) as { usable: number; unusable: number }
      const { withdrawn } = this.withdrawnSum.get(wmid) as { withdrawn: number }
      return { usable, unusable, withdrawn }
    })()
  }

  /**
   * Moves every usable entry of the user into one new waiting clearing, in one transaction: the
   * entries it takes are exactly the ones it sums, and a second call finds nothing left. Null when
   * nothing is usable; why not when `allowed` refuses the user's card, checked in the same
   * transaction (a card unbound meanwhile by another worker is seen). `fee` gives the platform fee
   * of an amount.
   */
  withdrawAll(
    wmid: string,
    now: number,
    clearingNO: string,
    fee: (amount: number) => number,
    allowed: (card: CardRecord | undefined) => string | null,
  ): ClearingRow | string | null {
    return this.db.transaction((): ClearingRow | string | null => {
      const refusal = allowed(this.cardOf.get(wmid))
      if (refusal) return refusal
      const maturedBy = now - MATURITY_MS
      const usable = this.claimable.get(wmid, maturedBy) as Claimable
      if (usable.count === 0 || usable.amount <= 0) return null
      this.insertClearing.run(clearingNO, wmid, usable.count, usable.amount, fee(usable.amount), now)
      const moved = this.claim.run(clearingNO, wmid, maturedBy).changes
      if (moved !== usable.count) throw new Error(`withdrawal ${clearingNO} took ${moved} entries, counted ${usable.count}`)
      return this.clearingByNo.get(clearingNO) as ClearingRow
    }).immediate()
  }

  clearing(clearingNO: string): ClearingRow | undefined {
    return this.clearingByNo.get(clearingNO)
  }

  clearings(wmid: string, window: Window): ClearingRow[] {
    return this.clearingList.all(wmid, window.limit, window.offset)
  }

  /**
   * Puts a failed clearing back to waiting when `allowed` says so, checked inside the same
   * transaction: the entries it paid out must all still be its own and none refunded (a newer
   * withdrawal may have taken them). Answers the clearing, or why not.
   */
  retry(clearingNO: string, allowed: (clearing: ClearingRow, card: CardRecord | undefined) => string | null): ClearingRow | string {
    return this.db.transaction((): ClearingRow | string => {
      const clearing = this.clearingByNo.get(clearingNO)
      if (!clearing) throw new Error(`clearing ${clearingNO} vanished`)
      const refusal = allowed(clearing, this.cardOf.get(clearing.wmid))
      if (refusal) return refusal
      const held = this.heldBy.get(clearingNO) as { count: number; amount: number; refunded: number }
      if (held.count !== clearing.orderNum || held.amount !== clearing.orderMoney || held.refunded > 0) return 'changed'
      this.resubmit.run(clearingNO)
      return this.clearingByNo.get(clearingNO) as ClearingRow
    }).immediate()
  }

  /** Every waiting clearing, oldest first (the payout run). */
  waitingClearings(): ClearingRow[] {
    return this.waiting.all()
  }

  /**
   * Settles one waiting clearing: paid out, or failed (on the card's details: the card is marked
   * erroneous). False when it was not waiting any more.
   */
  settleClearing(clearingNO: string, outcome: { status: 1 } | { status: 2; failType: 0 | 1; reason: string }, now: number): boolean {
    return this.db.transaction((): boolean => {
      const clearing = this.clearingByNo.get(clearingNO)
      if (!clearing || clearing.status !== 0) return false
      if (outcome.status === 1) return this.settle.run(1, 0, '', now, clearingNO).changes === 1
      if (outcome.failType === 1) this.markCard.run(clearing.wmid)
      return this.settle.run(2, outcome.failType, outcome.reason, now, clearingNO).changes === 1
    }).immediate()
  }

  card(wmid: string): CardRecord | undefined {
    return this.cardOf.get(wmid)
  }

  saveCard(wmid: string, card: BankCard, now: number): void {
    this.upsertCard.run(wmid, card.realName, card.idCardNo, card.bankNo, card.phone, card.bankName, now)
  }

  /** True when a card was bound. */
  unbindCard(wmid: string): boolean {
    return this.deleteCard.run(wmid).changes > 0
  }

  /** The bank turned the card's details down (the payout run, or a test). */
  markCardErroneous(wmid: string): void {
    this.markCard.run(wmid)
  }

  /** A clearing's answer shape. */
  static record(row: ClearingRow): ClearingRecord {
    return {
      clearingNO: row.clearingNO,
      orderNum: row.orderNum,
      money: row.orderMoney - row.taxFee,
      orderMoney: row.orderMoney,
      taxFee: row.taxFee,
      clearingStatus: row.status,
      failType: row.failType,
      failReason: row.failReason,
      applyTime: row.appliedAt,
    }
  }
}
