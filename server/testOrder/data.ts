import type { Db } from '../core/sql'
import { randomToken } from '../core/wechat'

export interface TestOrderRecord {
  orderNO: string
  requestId: string
  /** fen */
  totalFee: number
  status: 0 | 1
  createdAt: number
  paidAt: number | null
}

const COLUMNS = `order_no AS "orderNO", request_id AS "requestId", total_fee AS "totalFee", status,
  created_at AS "createdAt", paid_at AS "paidAt"`

const BY_REQUEST = `SELECT ${COLUMNS} FROM test_orders WHERE request_id = ?`
const BY_NO = `SELECT ${COLUMNS} FROM test_orders WHERE order_no = ?`

/** The test page's demo orders (`test_orders`); every write is one transaction. */
export class TestOrderRepository {
  constructor(private readonly db: Db) {}

  find(orderNO: string): Promise<TestOrderRecord | undefined> {
    return this.db.one<TestOrderRecord>(BY_NO, [orderNO])
  }

  /**
   * The order of `requestId`, created on first sight: a replayed request gets the same order,
   * and concurrent ones (on any worker or machine) make one.
   */
  open(requestId: string, totalFee: number, now: number): Promise<TestOrderRecord> {
    return this.db.transaction(async (tx) => {
      const known = await tx.one<TestOrderRecord>(BY_REQUEST, [requestId])
      if (known) return known
      // WeChat's out_trade_no: at most 32 characters of [A-Za-z0-9]
      await tx.run(
        'INSERT INTO test_orders (order_no, request_id, total_fee, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING',
        [`TO${now}${randomToken(6)}`, requestId, totalFee, now],
      )
      return (await tx.one<TestOrderRecord>(BY_REQUEST, [requestId])) as TestOrderRecord
    })
  }

  /** Marks the order paid once; paying again changes nothing. Undefined for an unknown order. */
  markPaid(orderNO: string, now: number): Promise<TestOrderRecord | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.run('UPDATE test_orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0', [now, orderNO])
      return tx.one<TestOrderRecord>(BY_NO, [orderNO])
    })
  }
}
