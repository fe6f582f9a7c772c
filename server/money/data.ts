import type { BankCard, ClearingRecord, ClearingStatus, OrderType } from '../../types/money'
import { MATURITY_MS } from '../../types/money'
import type { Db } from '../core/sql'
import { recordRefund } from './ledger'

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
  /** what failed withdrawals hold for their retry (their sales not refunded since) */
  held: number
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
  /** fen of its entries not refunded: what a retry would pay out */
  held: number
}

/** What a withdrawal would take now: the usable entries. */
export interface Claimable {
  count: number
  amount: number
}

/**
 * An entry is free (usable or maturing) when not refunded and no withdrawal holds it. A failed
 * withdrawal keeps holding its entries until it is retried, so no fen is ever in two withdrawals.
 */
const FREE = `e.refunded = 0 AND e.clearing_no IS NULL`

const CLEARING_COLUMNS = `c.clearing_no AS "clearingNO", c.wmid, c.order_num AS "orderNum", c.order_money AS "orderMoney",
  c.tax_fee AS "taxFee", c.status, c.fail_type AS "failType", c.fail_reason AS "failReason", c.applied_at AS "appliedAt",
  c.settled_at AS "settledAt",
  (SELECT coalesce(sum(h.amount), 0) FROM income_entries h WHERE h.clearing_no = c.clearing_no AND h.refunded = 0) AS held`

const CARD_COLUMNS = `real_name AS "realName", id_card_no AS "idCardNo", bank_no AS "bankNo", phone, bank_name AS "bankName",
  is_error AS "isError", updated_at AS "updatedAt"`

const CLEARING_BY_NO = `SELECT ${CLEARING_COLUMNS} FROM clearings c WHERE c.clearing_no = ?`
const CARD_OF = `SELECT ${CARD_COLUMNS} FROM bank_cards WHERE wmid = ?`

function bought(orders: string, items: string, itemId: string, name: string, type: OrderType): string {
  return `
    SELECT o.order_no AS "orderNO", ${type} AS "orderType", o.status AS "orderStatus", p.course_data AS "courseData",
           p.share_url AS "shareUrl", p.${name} AS name, o.total_fee AS "totalFee"
    FROM ${orders} o JOIN ${items} p ON p.id = o.${itemId}
    WHERE o.wmid = ? AND o.status IN (1, 4)
    ORDER BY o.paid_at DESC, o.order_no LIMIT ? OFFSET ?`
}

const BOUGHT: Record<OrderType, string> = {
  1: bought('orders', 'lessons', 'lesson_id', 'course_name', 1),
  2: bought('live_orders', 'lives', 'live_id', 'title', 2),
}

const SELLING: Record<OrderType, string> = {
  1: `
    SELECT l.course_data AS "courseData", l.course_name AS name, l.fee, l.share_url AS "shareUrl",
           CASE WHEN l.is_checked_share_recash = 1 THEN l.share_recash ELSE 0 END AS "shareRecash",
           (SELECT count(*) FROM orders o WHERE o.lesson_id = l.id AND o.status = 1) AS "salesCount"
    FROM lessons l WHERE l.wmid = ? AND l.privacy_status = 3 AND l.fee > 0 AND l.illegal = 0
    ORDER BY l.create_timestamp DESC, l.id LIMIT ? OFFSET ?`,
  2: `
    SELECT v.course_data AS "courseData", v.title AS name, v.live_fee AS fee, v.share_url AS "shareUrl", v.share_recash AS "shareRecash",
           (SELECT count(*) FROM live_orders o WHERE o.live_id = v.id AND o.status = 1) AS "salesCount"
    FROM lives v WHERE v.wmid = ? ORDER BY v.created_at DESC, v.id LIMIT ? OFFSET ?`,
}

/**
 * The money area's queries. Each method is one statement or one transaction (`Db.transaction`:
 * the workers of server/cluster.ts and of every machine take turns on it, so a read that decides
 * a write is never overtaken).
 */
export class MoneyRepository {
  constructor(private readonly db: Db) {}

  bought(wmid: string, orderType: OrderType, window: Window): Promise<BoughtRow[]> {
    return this.db.all<BoughtRow>(BOUGHT[orderType], [wmid, window.limit, window.offset])
  }

  selling(wmid: string, orderType: OrderType, window: Window): Promise<SellingRow[]> {
    return this.db.all<SellingRow>(SELLING[orderType], [wmid, window.limit, window.offset])
  }

  /** kind 1: the user's sales, 2: the user's share rewards; refunded ones included (marked). */
  income(wmid: string, kind: 1 | 2, window: Window): Promise<IncomeRow[]> {
    return this.db.all<IncomeRow>(
      `SELECT e.entry_key AS "entryKey", e.order_no AS "orderNO", e.order_type AS "orderType", u.nickname AS "buyerNickname",
              u.face_icon AS "buyerFaceIcon", e.amount, e.item_name AS "itemName", e.refunded, e.paid_at AS "paidAt"
       FROM income_entries e JOIN users u ON u.wmid = e.buyer_wmid
       WHERE e.wmid = ? AND e.kind = ? ORDER BY e.paid_at DESC, e.entry_key LIMIT ? OFFSET ?`,
      [wmid, kind, window.limit, window.offset],
    )
  }

  /** One consistent reading (one statement) of the three parts of a user's income at `now`. */
  async balances(wmid: string, now: number): Promise<Balances> {
    const maturedBy = now - MATURITY_MS
    const row = await this.db.one<Balances>(
      `SELECT coalesce(sum(CASE WHEN e.paid_at <= ? THEN e.amount END), 0) AS usable,
              coalesce(sum(CASE WHEN e.paid_at > ? THEN e.amount END), 0) AS unusable,
              (SELECT coalesce(sum(c.order_money), 0) FROM clearings c WHERE c.wmid = ? AND c.status IN (0, 1)) AS withdrawn,
              (SELECT coalesce(sum(h.amount), 0) FROM income_entries h JOIN clearings c ON c.clearing_no = h.clearing_no
               WHERE h.wmid = ? AND c.status = 2 AND h.refunded = 0) AS held
       FROM income_entries e WHERE e.wmid = ? AND ${FREE}`,
      [maturedBy, maturedBy, wmid, wmid, wmid],
    )
    return row as Balances
  }

  /**
   * Moves every usable entry of the user into one new waiting clearing, in one transaction: the
   * entries it takes are exactly the ones it sums, and a second call finds nothing left. Null when
   * nothing is usable; why not when `allowed` refuses the user's card, checked in the same
   * transaction (a card unbound meanwhile by another worker is seen). `fee` gives the platform fee
   * of an amount.
   */
  withdrawAll<Refusal extends string>(
    wmid: string,
    now: number,
    clearingNO: string,
    fee: (amount: number) => number,
    allowed: (card: CardRecord | undefined) => Refusal | null,
  ): Promise<ClearingRow | Refusal | null> {
    return this.db.transaction(async (tx): Promise<ClearingRow | Refusal | null> => {
      const refusal = allowed(await tx.one<CardRecord>(CARD_OF, [wmid]))
      if (refusal) return refusal
      const maturedBy = now - MATURITY_MS
      const usable = (await tx.one<Claimable>(
        `SELECT count(*) AS count, coalesce(sum(e.amount), 0) AS amount
         FROM income_entries e WHERE e.wmid = ? AND e.paid_at <= ? AND ${FREE}`,
        [wmid, maturedBy],
      )) as Claimable
      if (usable.count === 0 || usable.amount <= 0) return null
      await tx.run(
        'INSERT INTO clearings (clearing_no, wmid, order_num, order_money, tax_fee, applied_at) VALUES (?, ?, ?, ?, ?, ?)',
        [clearingNO, wmid, usable.count, usable.amount, fee(usable.amount), now],
      )
      const moved = await tx.run(`UPDATE income_entries AS e SET clearing_no = ? WHERE e.wmid = ? AND e.paid_at <= ? AND ${FREE}`, [
        clearingNO,
        wmid,
        maturedBy,
      ])
      if (moved !== usable.count) throw new Error(`withdrawal ${clearingNO} took ${moved} entries, counted ${usable.count}`)
      return (await tx.one<ClearingRow>(CLEARING_BY_NO, [clearingNO])) as ClearingRow
    })
  }

  clearing(clearingNO: string): Promise<ClearingRow | undefined> {
    return this.db.one<ClearingRow>(CLEARING_BY_NO, [clearingNO])
  }

  clearings(wmid: string, window: Window): Promise<ClearingRow[]> {
    return this.db.all<ClearingRow>(
      `SELECT ${CLEARING_COLUMNS} FROM clearings c WHERE c.wmid = ? ORDER BY c.applied_at DESC, c.clearing_no LIMIT ? OFFSET ?`,
      [wmid, window.limit, window.offset],
    )
  }

  /**
   * Puts a failed clearing back to waiting for the next payout run (out of the batch it failed
   * in, so that batch's result file can never settle it again) when `allowed` says so, checked inside the same
   * transaction, with the entries it still holds: a sale refunded since it failed leaves it, and
   * its amount and fee (`fee`) are counted again. Answers the clearing, why not, or 'nothingLeft'
   * when every sale in it was refunded.
   */
  retry<Refusal extends string>(
    clearingNO: string,
    fee: (amount: number) => number,
    allowed: (clearing: ClearingRow, card: CardRecord | undefined) => Refusal | null,
  ): Promise<ClearingRow | Refusal | 'nothingLeft'> {
    return this.db.transaction(async (tx): Promise<ClearingRow | Refusal | 'nothingLeft'> => {
      const clearing = await tx.one<ClearingRow>(CLEARING_BY_NO, [clearingNO])
      if (!clearing) throw new Error(`clearing ${clearingNO} vanished`)
      const refusal = allowed(clearing, await tx.one<CardRecord>(CARD_OF, [clearing.wmid]))
      if (refusal) return refusal
      const held = (await tx.one<Claimable>(
        'SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM income_entries WHERE clearing_no = ? AND refunded = 0',
        [clearingNO],
      )) as Claimable
      if (held.count === 0 || held.amount <= 0) return 'nothingLeft'
      await tx.run('UPDATE income_entries SET clearing_no = NULL WHERE clearing_no = ? AND refunded = 1', [clearingNO])
      const resubmitted = await tx.run(
        `UPDATE clearings SET status = 0, fail_type = 0, fail_reason = '', settled_at = NULL, batch_no = NULL, order_num = ?, order_money = ?, tax_fee = ?
         WHERE clearing_no = ? AND status = 2`,
        [held.count, held.amount, fee(held.amount), clearingNO],
      )
      if (resubmitted !== 1) throw new Error(`clearing ${clearingNO} was not failed when retried`)
      return (await tx.one<ClearingRow>(CLEARING_BY_NO, [clearingNO])) as ClearingRow
    })
  }

  card(wmid: string): Promise<CardRecord | undefined> {
    return this.db.one<CardRecord>(CARD_OF, [wmid])
  }

  /**
   * Saves the user's card as `build` makes it from what is stored (the seller's untouched fields
   * keep their stored values), in one transaction; answers what was saved, or `build`'s refusal.
   * Saving clears the erroneous mark.
   */
  saveCard<Refusal extends string>(
    wmid: string,
    build: (stored: CardRecord | undefined) => BankCard | Refusal,
    now: number,
  ): Promise<BankCard | Refusal> {
    return this.db.transaction(async (tx): Promise<BankCard | Refusal> => {
      const card = build(await tx.one<CardRecord>(CARD_OF, [wmid]))
      if (typeof card === 'string') return card
      await tx.run(
        `INSERT INTO bank_cards (wmid, real_name, id_card_no, bank_no, phone, bank_name, is_error, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?)
         ON CONFLICT (wmid) DO UPDATE SET real_name = excluded.real_name, id_card_no = excluded.id_card_no,
           bank_no = excluded.bank_no, phone = excluded.phone, bank_name = excluded.bank_name, is_error = 0,
           updated_at = excluded.updated_at`,
        [wmid, card.realName, card.idCardNo, card.bankNo, card.phone, card.bankName, now],
      )
      return card
    })
  }

  /** True when a card was bound. */
  async unbindCard(wmid: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM bank_cards WHERE wmid = ?', [wmid])) > 0
  }

  /**
   * Refunds a paid live order with its income, in one transaction: once, however often it is
   * asked. False when the order was not paid.
   */
  refundLiveOrder(orderNO: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run('UPDATE live_orders SET status = 4 WHERE order_no = ? AND status = 1', [orderNO])) === 0) return false
      await recordRefund(tx, orderNO)
      return true
    })
  }

  /** A clearing's answer shape; `retryable`: whether applyAgain would take it now. */
  static record(row: ClearingRow, retryable: boolean): ClearingRecord {
    return {
      clearingNO: row.clearingNO,
      orderNum: row.orderNum,
      money: row.orderMoney - row.taxFee,
      orderMoney: row.orderMoney,
      taxFee: row.taxFee,
      clearingStatus: row.status,
      failType: row.failType,
      failReason: row.failReason,
      retryable: retryable ? 1 : 0,
      applyTime: row.appliedAt,
    }
  }
}
