import { ResponseCode } from '../../types/api'
import type { OrderState } from '../../types/purchase'
import { ApiRefusal } from '../core/envelope'
import type { JoinGroup, LiveOrderRecord, OrderRecord, OrderRepository } from './data'

export const UNKNOWN_ORDER_MESSAGE = 'order does not exist'
const AMOUNT_MISMATCH_MESSAGE = 'the paid amount does not match the order'

/**
 * Marks a lesson order paid as a verified payment does (payments.ts takes the same
 * `orders.settle`), for scripts and tests that pay an order without WeChat Pay. Idempotent; an
 * unknown order or a wrong amount is refused and changes nothing.
 */
export async function markOrderPaid(orders: OrderRepository, orderNO: string, amountFen: number, now: number): Promise<OrderRecord> {
  const settlement = await orders.settle(orderNO, amountFen, now)
  switch (settlement.outcome) {
    case 'unknown-order':
      throw new ApiRefusal(ResponseCode.NotFound, UNKNOWN_ORDER_MESSAGE)
    case 'amount-mismatch':
      throw new ApiRefusal(ResponseCode.BadRequest, AMOUNT_MISMATCH_MESSAGE)
    case 'settled':
      return settlement.order
  }
}

/**
 * The order as the buyer may see it. A paid order of a lesson with a join group shows the group's
 * QR code (`joinGroup.qrcode` already absolute); an unpaid or refunded one never does.
 */
export function orderState(order: OrderRecord, joinGroup?: JoinGroup): OrderState {
  const show = order.status === 1 && joinGroup !== undefined
  return { orderNO: order.orderNO, orderStatus: order.status, isShowjoinQrcode: show ? 1 : 0, joinQrcode: show ? joinGroup.qrcode : '' }
}

/** A live order as the buyer may see it: live orders have no join group. */
export function liveOrderState(order: LiveOrderRecord): OrderState {
  return { orderNO: order.orderNO, orderStatus: order.status, isShowjoinQrcode: 0, joinQrcode: '' }
}
