import type { Statement } from 'better-sqlite3'
import type { Db } from '../core/db'
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

const COLUMNS = `order_no AS orderNO, request_id AS requestId, total_fee AS totalFee, status,
  created_at AS createdAt, paid_at AS paidAt`

/** The test page's demo orders (`test_orders`); every write is one immediate transaction. */
export class TestOrderRepository {
  private readonly byRequest: Statement<[string], TestOrderRecord>
  private readonly byNo: Statement<[string], TestOrderRecord>
  private readonly insert: Statement<[string, string, number, number]>
  private readonly pay: Statement<[number, string]>

  constructor(private readonly db: Db) {
    this.byRequest = db.prepare(`SELECT ${COLUMNS} FROM test_orders WHERE request_id = ?`)
    this.byNo = db.prepare(`SELECT ${COLUMNS} FROM test_orders WHERE order_no = ?`)
    this.insert = db.prepare('INSERT INTO test_orders (order_no, request_id, total_fee, created_at) VALUES (?, ?, ?, ?)')
    this.pay = db.prepare('UPDATE test_orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0')
  }

  find(orderNO: string): TestOrderRecord | undefined {
    return this.byNo.get(orderNO)
  }

  /** The order of `requestId`, created on first sight: a replayed request gets the same order. */
  open(requestId: string, totalFee: number, now: number): TestOrderRecord {
    return this.db.transaction((): TestOrderRecord => {
      const known = this.byRequest.get(requestId)
      if (known) return known
      // WeChat's out_trade_no: at most 32 characters of [A-Za-z0-9]
      this.insert.run(`TO${now}${randomToken(6)}`, requestId, totalFee, now)
      return this.byRequest.get(requestId) as TestOrderRecord
    }).immediate()
  }

  /** Marks the order paid once; paying again changes nothing. Undefined for an unknown order. */
  markPaid(orderNO: string, now: number): TestOrderRecord | undefined {
    return this.db.transaction((): TestOrderRecord | undefined => {
      this.pay.run(now, orderNO)
      return this.byNo.get(orderNO)
    }).immediate()
  }
}
