/**
 * Development-only endpoints of the reference server (off with DEV_ROUTES=0, never in a real
 * deployment): the payment sandbox and the SMS code peek.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'
import type { OrderState } from './purchase'

export const devCalls = {
  /** Completes an order through the same code path a payment notification takes (paying twice is idempotent); a test page's demo order is marked paid in its own table. */
  sandboxPay: endpoint<{ orderNO: string }, ObjectData<OrderState>>('/dev/pay/sandbox/pay.do', { orderNO: 'required' }),
} as const

/** GET ?phone=&interCode= -> data.object DevSmsCode: the live SMS code of a phone (tests read codes here). */
export const DEV_SMS_PATH = '/dev/sms/last.do'

export interface DevSmsCode {
  code: string
}
