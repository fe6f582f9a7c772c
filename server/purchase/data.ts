import type { Statement } from 'better-sqlite3'
import type { OrderState } from '../../types/purchase'
import type { Db } from '../core/db'
import { randomToken } from '../core/wechat'

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
export type Settlement =
  | { outcome: 'unknown-order' }
  | { outcome: 'amount-mismatch' }
  | { outcome: 'settled'; order: OrderRecord }

const ORDER_COLUMNS = `order_no AS orderNO, wmid, lesson_id AS lessonId, total_fee AS totalFee, status,
  created_at AS createdAt, paid_at AS paidAt, notify_count AS notifyCount`

/** Orders and the purchases paying them grants. */
export class OrderRepository {
  private readonly byNo: Statement<[string], OrderRecord>
  private readonly openFor: Statement<[string, number], OrderRecord>
  private readonly insert: Statement<[string, string, number, number, string | null, number]>
  private readonly noticed: Statement<[string]>
  private readonly pay: Statement<[number, string]>
  private readonly grant: Statement<[string, number, number]>
  private readonly groupOf: Statement<[number], JoinGroup>

  constructor(private readonly db: Db) {
    this.byNo = db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_no = ?`)
    this.openFor = db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE wmid = ? AND lesson_id = ? AND status = 0`)
    this.insert = db.prepare(`
      INSERT INTO orders (order_no, wmid, lesson_id, total_fee, inviter_wmid, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
    this.noticed = db.prepare('UPDATE orders SET notify_count = notify_count + 1 WHERE order_no = ?')
    this.pay = db.prepare('UPDATE orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0')
    this.groupOf = db.prepare('SELECT group_name AS name, qrcode FROM join_groups WHERE lesson_id = ?')
    this.grant = db.prepare(
      'INSERT INTO purchases (wmid, lesson_id, created_at) VALUES (?, ?, ?) ON CONFLICT (wmid, lesson_id) DO NOTHING',
    )
  }

  find(orderNO: string): OrderRecord | undefined {
    return this.byNo.get(orderNO)
  }

  joinGroup(lessonId: number): JoinGroup | undefined {
    return this.groupOf.get(lessonId)
  }

  /**
   * The buyer's unpaid order for the lesson, created if there is none: asking to pay twice
   * (a retry, a second tab) never leaves two orders to pay.
   */
  openOrder(order: NewOrder, now: number): OrderRecord {
    return this.db.transaction((): OrderRecord => {
      const open = this.openFor.get(order.wmid, order.lessonId)
      if (open) return open
      // WeChat's out_trade_no: at most 32 characters of [A-Za-z0-9]
      const orderNO = `LP${now}${randomToken(6)}`
      this.insert.run(orderNO, order.wmid, order.lessonId, order.totalFee, order.inviterWmid, now)
      return this.byNo.get(orderNO) as OrderRecord
    }).immediate()
  }

  /**
   * Records a successful payment of `amountFen` for the order. The first one marks it paid and
   * grants the purchase; a replay only counts; a refunded order stays refunded.
   */
  settle(orderNO: string, amountFen: number, now: number): Settlement {
    return this.db.transaction((): Settlement => {
      const order = this.byNo.get(orderNO)
      if (!order) return { outcome: 'unknown-order' }
      if (order.totalFee !== amountFen) return { outcome: 'amount-mismatch' }
      this.noticed.run(orderNO)
      if (order.status === 0) {
        this.pay.run(now, orderNO)
        this.grant.run(order.wmid, order.lessonId, now)
      }
      return { outcome: 'settled', order: this.byNo.get(orderNO) as OrderRecord }
    }).immediate()
  }
}
