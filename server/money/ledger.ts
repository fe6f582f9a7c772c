/**
 * The income ledger's writing (`income_entries`): what a paid order earns its seller and the user
 * whose link the buyer came from, in fen. Every path that pays an order, inserts one paid or
 * refunds one (the purchase area's `orders`, this area's `live_orders`) calls these in the same
 * transaction, so no payment lands without its income and the amounts are fixed when it is paid.
 */
import type { OrderType } from '../../types/money'
import type { Queryable } from '../core/sql'

/** The paid order and what its item says about the sale, as one transaction reads them. */
interface Sale {
  orderNO: string
  buyer: string
  totalFee: number
  status: number
  inviter: string | null
  paidAt: number
  seller: string
  itemName: string
  /** the share reward the item offers, in fen */
  share: number
}

/** A lesson's share reward counts only while its seller has it switched on; a live's always. */
const SALE_OF: Record<OrderType, string> = {
  1: `SELECT o.order_no AS "orderNO", o.wmid AS buyer, o.total_fee AS "totalFee", o.status, o.inviter_wmid AS inviter,
             o.paid_at AS "paidAt", p.wmid AS seller, p.course_name AS "itemName",
             CASE WHEN p.is_checked_share_recash = 1 THEN p.share_recash ELSE 0 END AS share
      FROM orders o JOIN lessons p ON p.id = o.lesson_id WHERE o.order_no = ?`,
  2: `SELECT o.order_no AS "orderNO", o.wmid AS buyer, o.total_fee AS "totalFee", o.status, o.inviter_wmid AS inviter,
             o.paid_at AS "paidAt", p.wmid AS seller, p.title AS "itemName", p.share_recash AS share
      FROM live_orders o JOIN lives p ON p.id = o.live_id WHERE o.order_no = ?`,
}

const INSERT_ENTRY = `
  INSERT INTO income_entries (entry_key, wmid, kind, order_type, order_no, buyer_wmid, item_name, amount, paid_at, refunded)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

/**
 * The share reward of a sale: paid only to another user who is not the seller, and never more
 * than the fee; the seller earns the rest.
 */
function shareReward(sale: { inviter: string | null; seller: string; share: number; totalFee: number }): number {
  if (sale.inviter === null || sale.inviter === sale.seller) return 0
  return sale.share < sale.totalFee ? sale.share : sale.totalFee
}

/**
 * Writes the income of the order `orderNO` (of `orderType`: 1 lesson, 2 live), which the caller
 * has just inserted paid (or refunded) or marked paid in the transaction `q`: the seller's part
 * ('S:<order>', kind 1) and the share reward ('R:<order>', kind 2), each only when above zero,
 * marked refunded when the order already is. Once per order: a second call fails on the entry
 * keys, so the caller calls it only when its own write made the order paid.
 */
export async function recordPaid(q: Queryable, orderType: OrderType, orderNO: string): Promise<void> {
  const sale = await q.one<Sale>(SALE_OF[orderType], [orderNO])
  if (!sale || (sale.status !== 1 && sale.status !== 4)) throw new Error(`order ${orderNO} is not paid: no income to record`)
  const reward = shareReward(sale)
  const refunded = sale.status === 4 ? 1 : 0
  const entry = (key: string, wmid: string, kind: 1 | 2, amount: number) =>
    q.run(INSERT_ENTRY, [`${key}:${sale.orderNO}`, wmid, kind, orderType, sale.orderNO, sale.buyer, sale.itemName, amount, sale.paidAt, refunded])
  if (sale.totalFee - reward > 0) await entry('S', sale.seller, 1, sale.totalFee - reward)
  if (reward > 0 && sale.inviter !== null) await entry('R', sale.inviter, 2, reward)
}

/** Marks the income of `orderNO` refunded, in the transaction `q` that refunds the order. */
export async function recordRefund(q: Queryable, orderNO: string): Promise<void> {
  await q.run('UPDATE income_entries SET refunded = 1 WHERE order_no = ?', [orderNO])
}
