import type { OrderState, PayConfig } from '../../types/purchase'
import type { JsapiPayParams } from '../outside/wechatPay/client'
import type { JoinGroup, LiveOrderRecord, OrderRecord } from './data'


/**
 * What the client pays an order with: WeChat Pay's signed JSAPI parameters (the paySign as `sign`),
 * the order, and the name of the group its payment joins. The join QR code follows the payment
 * (`orderState`), never the config.
 */
export function jsapiPayConfig(
  params: JsapiPayParams,
  order: { orderNO: string; totalFee: number },
  { isBought, joinGroupName }: Pick<PayConfig, 'isBought' | 'joinGroupName'>,
): PayConfig {
  return {
    appId: params.appId,
    timeStamp: params.timeStamp,
    nonceStr: params.nonceStr,
    package: params.package,
    signType: params.signType,
    sign: params.paySign,
    isBought,
    orderNO: order.orderNO,
    totalFee: order.totalFee,
    isShowjoinQrcode: 0,
    joinQrcode: '',
    joinGroupName,
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
