import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { ApiEnvelope } from '../../types/api'
import { testDatabase } from './engines'

export const BUYER = { userid: 'wm_buyer', token: 'token-buyer' }
export const BUYER_EXPIRED = { userid: 'wm_buyer', token: 'token-buyer-expired' }
export const VISITOR = { userid: 'wm_visitor', token: 'token-visitor' }
export const TEACHER = { userid: 'wm_teacher', token: 'token-teacher' }

export function testApp(staticDir = '/nonexistent-static-dir'): Promise<FastifyInstance> {
  return testDatabase().then((database) => buildApp({ database, staticDir }))
}

export type Fields = Record<string, string | number>

export interface Answer<T> {
  status: number
  body: ApiEnvelope<T>
  raw: string
}

/** A form-encoded POST, the way the app calls the backend. */
export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  fields: Fields,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })
  return { status: res.statusCode, body: res.json<ApiEnvelope<T>>(), raw: res.body }
}

export const V2_INFO = '/wmim/course/v2/query/info.do'
export const OLD_INFO = '/wmim/course/query/info.do'
export const V2_LIST = '/wmim/course/v2/message/list.do'
export const OLD_LIST = '/wmim/course/message/query/list.do'
export const FREE_LIST = '/wmim/course/v2/free/message/list.do'
export const PICTURES = '/wmim/course/v2/message/picture/list.do'
export const APPLY = '/wmim/course/apply.do'

export const ORDER_CREATE = '/wmim/course/v2/order/create.do'
export const ORDER_QUERY = '/wmim/course/v2/order/query.do'
export const LOGIN_URL = '/wmim/course/v2/loginUrl/get.do'
export const SEND_SMS = '/wmim/course/v2/phone/sendSms.do'
export const BIND_PHONE = '/wmim/course/v2/phone/bind.do'
export const WEAPP_LOGIN = '/wmim/course/v2/weapp/login.do'
export const SHARE_CONFIG = '/wx/js/auth/get/share/config.do'
export const SANDBOX_PAY = '/dev/pay/sandbox/pay.do'
export const DEV_SMS = '/dev/sms/last.do'

/** The seeded login credentials (loginData). */
export const LOGIN = {
  visitor: 'login-visitor',
  buyer: 'login-buyer',
  teacher: 'login-teacher',
  buyerExpired: 'login-buyer-expired',
} as const

/** A GET answering an envelope (the development endpoints). */
export async function getJson<T = unknown>(app: FastifyInstance, url: string): Promise<Answer<T>> {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json<ApiEnvelope<T>>(), raw: res.body }
}
