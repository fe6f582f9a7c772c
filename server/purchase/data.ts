import type { OrderState } from '../../types/purchase'
import type { Db } from '../core/sql'
import { randomToken } from '../core/wechat'
import { recordPaid, recordRefund } from '../money/ledger'

export type OrderStatus = OrderState['orderStatus']

export interface OrderRecord {
  orderNO: string
  wmid: string
  lessonId: number
  /** fen */
  totalFee: number
  status: OrderStatus
  createdAt: number
  paidAt: number | null
  notifyCount: number
}

export interface NewOrder {
  wmid: string
  lessonId: number
  totalFee: number
  inviterWmid: string | null
}

/** The group a lesson's buyers are invited to join; `qrcode` as stored (a media path or a URL). */
export interface JoinGroup {
  name: string
  qrcode: string
}

/** What a payment notification did: nothing for an unknown order or a wrong amount. */
export type Settlement<Order = OrderRecord> = { outcome: 'unknown-order' } | { outcome: 'amount-mismatch' } | { outcome: 'settled'; order: Order }

/** A paid live on sale (the money area's `lives`). */
export interface LiveForSale {
  id: number
  wmid: string
  title: string
  /** fen */
  fee: number
}

/** A live order while it is paid for (`live_pay_orders`); once paid it is in `live_orders` too. */
export interface LiveOrderRecord {
  orderNO: string
  wmid: string
  liveId: number
  totalFee: number
  status: OrderStatus
  inviterWmid: string | null
  createdAt: number
  paidAt: number | null
}

export interface NewLiveOrder {
  wmid: string
  liveId: number
  totalFee: number
  inviterWmid: string | null
}

const LIVE_COLUMNS = `order_no AS "orderNO", wmid, live_id AS "liveId", total_fee AS "totalFee", status,
  inviter_wmid AS "inviterWmid", created_at AS "createdAt", paid_at AS "paidAt"`
const LIVE_BY_NO = `SELECT ${LIVE_COLUMNS} FROM live_pay_orders WHERE order_no = ?`

const ORDER_COLUMNS = `order_no AS "orderNO", wmid, lesson_id AS "lessonId", total_fee AS "totalFee", status,
  created_at AS "createdAt", paid_at AS "paidAt", notify_count AS "notifyCount"`

const BY_NO = `SELECT ${ORDER_COLUMNS} FROM orders WHERE order_no = ?`

/**
 * Orders and the purchases paying them grants. Paying or refunding an order writes its income
 * (server/money/ledger.ts) in the same transaction.
 */
export class OrderRepository {
  constructor(private readonly db: Db) {}

  find(orderNO: string): Promise<OrderRecord | undefined> {
    return this.db.one<OrderRecord>(BY_NO, [orderNO])
  }

  /** The open order's prepay parameters kept for this app and payer since `since`, as JSON; none: prepay anew. */
  async keptPrepay(orderNO: string, appId: string, openid: string, since: number): Promise<string | undefined> {
    const row = await this.db.one<{ payParams: string }>(
      'SELECT pay_params AS "payParams" FROM order_prepays WHERE order_no = ? AND app_id = ? AND openid = ? AND created_at >= ?',
      [orderNO, appId, openid, since],
    )
    return row?.payParams
  }

  /** Keeps a prepay's parameters (JSON) for the order, app and payer, replacing an older one. */
  async keepPrepay(orderNO: string, appId: string, openid: string, payParams: string, now: number): Promise<void> {
    await this.db.run(
      `INSERT INTO order_prepays (order_no, app_id, openid, pay_params, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (order_no, app_id, openid) DO UPDATE SET pay_params = excluded.pay_params, created_at = excluded.created_at`,
      [orderNO, appId, openid, payParams, now],
    )
  }

  /**
   * Claims the right to ask WeChat Pay about the open order now: true for one caller at a time,
   * and only when nobody asked since `since` (the claim itself is the record of asking).
   */
  async claimCheck(orderNO: string, now: number, since: number): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO order_checks (order_no, checked_at) VALUES (?, ?)
       ON CONFLICT (order_no) DO UPDATE SET checked_at = excluded.checked_at WHERE order_checks.checked_at < ?`,
      [orderNO, now, since],
    )
    return changed === 1
  }

  joinGroup(lessonId: number): Promise<JoinGroup | undefined> {
    return this.db.one<JoinGroup>('SELECT group_name AS name, qrcode FROM join_groups WHERE lesson_id = ?', [lessonId])
  }

  /**
   * The buyer's unpaid order for the lesson, created if there is none: asking to pay twice
   * (a retry, a second tab, at once on two workers) never leaves two orders to pay.
   */
  openOrder(order: NewOrder, now: number): Promise<OrderRecord> {
    const openFor = `SELECT ${ORDER_COLUMNS} FROM orders WHERE wmid = ? AND lesson_id = ? AND status = 0`
    return this.db.transaction(async (tx) => {
      const open = await tx.one<OrderRecord>(openFor, [order.wmid, order.lessonId])
      if (open) return open
      // WeChat's out_trade_no: at most 32 characters of [A-Za-z0-9]
      const orderNO = `LP${now}${randomToken(6)}`
      // an open order another transaction made meanwhile is the one (orders_one_open)
      await tx.run(
        `INSERT INTO orders (order_no, wmid, lesson_id, total_fee, inviter_wmid, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (wmid, lesson_id) WHERE status = 0 DO NOTHING`,
        [orderNO, order.wmid, order.lessonId, order.totalFee, order.inviterWmid, now],
      )
      return (await tx.one<OrderRecord>(openFor, [order.wmid, order.lessonId])) as OrderRecord
    })
  }

  /**
   * Records a successful payment of `amountFen` for the order, in one transaction. The first one
   * marks it paid, grants the purchase and writes its income; a replay only counts; a refunded
   * order stays refunded.
   */
  settle(orderNO: string, amountFen: number, now: number): Promise<Settlement> {
    return this.db.transaction(async (tx): Promise<Settlement> => {
      const order = await tx.one<OrderRecord>(BY_NO, [orderNO])
      if (!order) return { outcome: 'unknown-order' }
      if (order.totalFee !== amountFen) return { outcome: 'amount-mismatch' }
      await tx.run('UPDATE orders SET notify_count = notify_count + 1 WHERE order_no = ?', [orderNO])
      const paid = await tx.run('UPDATE orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0', [now, orderNO])
      if (paid === 1) {
        await tx.run('INSERT INTO purchases (wmid, lesson_id, created_at) VALUES (?, ?, ?) ON CONFLICT (wmid, lesson_id) DO NOTHING', [
          order.wmid,
          order.lessonId,
          now,
        ])
        await recordPaid(tx, 1, orderNO)
      }
      return { outcome: 'settled', order: (await tx.one<OrderRecord>(BY_NO, [orderNO])) as OrderRecord }
    })
  }

  /**
   * Refunds a paid order with its income and the buyer's access, in one transaction: once,
   * however often it is asked. False when the order was not paid.
   */
  refund(orderNO: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const order = await tx.one<OrderRecord>(BY_NO, [orderNO])
      if (!order || (await tx.run('UPDATE orders SET status = 4 WHERE order_no = ? AND status = 1', [orderNO])) === 0) return false
      await tx.run('DELETE FROM purchases WHERE wmid = ? AND lesson_id = ?', [order.wmid, order.lessonId])
      await recordRefund(tx, orderNO)
      return true
    })
  }

  /**
   * The paid live sold as `courseData`, or undefined: the live's own (the live area's `live_shows`,
   * whose sale item it names) or its sale item's (the money area's `lives`).
   */
  liveForSale(courseData: string): Promise<LiveForSale | undefined> {
    return this.db.one<LiveForSale>(
      `SELECT l.id, l.wmid, l.title, l.live_fee AS fee FROM lives l
       WHERE l.id = (SELECT s.sale_live_id FROM live_shows s WHERE s.course_data = ?) OR l.course_data = ?
       ORDER BY l.id LIMIT 1`,
      [courseData, courseData],
    )
  }

  /** Whether the user holds a paid (not refunded) order of the live. */
  async ownsLive(wmid: string, liveId: number): Promise<boolean> {
    return (await this.db.one('SELECT 1 AS found FROM live_orders WHERE wmid = ? AND live_id = ? AND status = 1', [wmid, liveId])) !== undefined
  }

  findLive(orderNO: string): Promise<LiveOrderRecord | undefined> {
    return this.db.one<LiveOrderRecord>(LIVE_BY_NO, [orderNO])
  }

  /** The buyer's unpaid order for the live, created if there is none (as openOrder for a lesson). */
  openLiveOrder(order: NewLiveOrder, now: number): Promise<LiveOrderRecord> {
    const openFor = `SELECT ${LIVE_COLUMNS} FROM live_pay_orders WHERE wmid = ? AND live_id = ? AND status = 0`
    return this.db.transaction(async (tx) => {
      const open = await tx.one<LiveOrderRecord>(openFor, [order.wmid, order.liveId])
      if (open) return open
      await tx.run(
        `INSERT INTO live_pay_orders (order_no, wmid, live_id, total_fee, inviter_wmid, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (wmid, live_id) WHERE status = 0 DO NOTHING`,
        [`LV${now}${randomToken(6)}`, order.wmid, order.liveId, order.totalFee, order.inviterWmid, now],
      )
      return (await tx.one<LiveOrderRecord>(openFor, [order.wmid, order.liveId])) as LiveOrderRecord
    })
  }

  /**
   * A live order's payment of `amountFen`: the first one marks it paid and enters the sale in the
   * money area's `live_orders` with its income, in one transaction; a replay changes nothing.
   */
  settleLive(orderNO: string, amountFen: number, now: number): Promise<Settlement<LiveOrderRecord>> {
    return this.db.transaction(async (tx): Promise<Settlement<LiveOrderRecord>> => {
      const order = await tx.one<LiveOrderRecord>(LIVE_BY_NO, [orderNO])
      if (!order) return { outcome: 'unknown-order' }
      if (order.totalFee !== amountFen) return { outcome: 'amount-mismatch' }
      if ((await tx.run('UPDATE live_pay_orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0', [now, orderNO])) === 1) {
        await tx.run(
          'INSERT INTO live_orders (order_no, wmid, live_id, total_fee, status, inviter_wmid, created_at, paid_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)',
          [orderNO, order.wmid, order.liveId, order.totalFee, order.inviterWmid, order.createdAt, now],
        )
        await recordPaid(tx, 2, orderNO)
      }
      return { outcome: 'settled', order: (await tx.one<LiveOrderRecord>(LIVE_BY_NO, [orderNO])) as LiveOrderRecord }
    })
  }

  /** Refunds a paid live order, its sale and its income, in one transaction; false when it was not paid. */
  refundLive(orderNO: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run('UPDATE live_pay_orders SET status = 4 WHERE order_no = ? AND status = 1', [orderNO])) === 0) return false
      await tx.run('UPDATE live_orders SET status = 4 WHERE order_no = ? AND status = 1', [orderNO])
      await recordRefund(tx, orderNO)
      return true
    })
  }
}
