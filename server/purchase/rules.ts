import { ResponseCode } from '../../types/api'
import type { OrderState } from '../../types/purchase'
import { ApiRefusal } from '../core/envelope'
import type { JoinGroup, OrderRecord, OrderRepository } from './data'

export const UNKNOWN_ORDER_MESSAGE = 'order does not exist'
const AMOUNT_MISMATCH_MESSAGE = 'the paid amount does not match the order'

/**
 * The one code path that marks an order paid, reached by the payment notification and by the
 * development sandbox alike. Idempotent: a replayed or concurrent notification leaves one paid
 * order, one purchase and one income. An unknown order or a wrong amount is refused and changes
 * nothing.
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
