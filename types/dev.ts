/**
 * Development-only endpoints of the reference server (off with DEV_ROUTES=0, never in a real
 * deployment): the stand-in for WeChat's login page, the payment sandbox and the SMS code peek.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'
import type { LoginUrlType } from './login'
import type { OrderState } from './purchase'

export const devCalls = {
  /**
   * The WeChat login stand-in: GET shows a page with one button per seeded user; its form posts
   * here. Not an envelope (`never`): the answer is a 303 to the return page with the login data
   * (`?type=login&data=<LoginData JSON>`). `type` defaults to 2.
   */
  login: endpoint<{ wmid: string; type?: LoginUrlType; courseData?: string; redirect?: string }, never>('/dev/login', {
    wmid: 'required',
    type: 'optional',
    courseData: 'optional',
    redirect: 'optional',
  }),
  /** Completes an order through the same code path a payment notification takes (paying twice is idempotent); a test page's demo order is marked paid in its own table. */
  sandboxPay: endpoint<{ orderNO: string }, ObjectData<OrderState>>('/dev/pay/sandbox/pay.do', { orderNO: 'required' }),
} as const

/** GET ?phone=&interCode= -> data.object DevSmsCode: the live SMS code of a phone (tests read codes here). */
export const DEV_SMS_PATH = '/dev/sms/last.do'

export interface DevSmsCode {
  code: string
}
