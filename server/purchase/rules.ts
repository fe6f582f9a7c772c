import type { OrderState } from '../../types/purchase'
import type { JoinGroup, LiveOrderRecord, OrderRecord } from './data'

export const UNKNOWN_ORDER_MESSAGE = 'order does not exist'

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
