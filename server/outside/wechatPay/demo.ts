import { createPublicKey } from 'node:crypto'
import { standinBase } from '../standinPath'
import type { WechatPaySettings } from './settings'
import { DEMO_API_V3_KEY, DEMO_MCH_ID, DEMO_MERCHANT_KEY, DEMO_MERCHANT_SERIAL, DEMO_WECHATPAY_KEY, DEMO_WECHATPAY_KEY_ID, WECHAT_PAY_STANDIN } from './settings'

/** Demo mode's settings: the demo merchant, talking to its stand-in (standin.ts) on this server. */
export const demoWechatPay = (): WechatPaySettings => ({
  base: standinBase(WECHAT_PAY_STANDIN),
  mchId: DEMO_MCH_ID,
  serial: DEMO_MERCHANT_SERIAL,
  privateKey: DEMO_MERCHANT_KEY,
  apiV3Key: DEMO_API_V3_KEY,
  wechatpayKeys: new Map([[DEMO_WECHATPAY_KEY_ID, createPublicKey(DEMO_WECHATPAY_KEY)]]),
  notifyOrigin: '',
})
