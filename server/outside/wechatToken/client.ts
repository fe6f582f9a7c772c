/**
 * The official account's server-side credentials for the JS-SDK, as WeChat issues them:
 *
 * - `POST {api}/cgi-bin/stable_token` with `{grant_type: 'client_credential', appid, secret,
 *   force_refresh: false}`, answering `{access_token, expires_in}`. Unlike `/cgi-bin/token`, the
 *   stable token is the same for every caller while it is valid, so one caller refreshing it
 *   does not cut off the others;
 * - `GET {api}/cgi-bin/ticket/getticket?access_token=&type=jsapi`, answering
 *   `{errcode: 0, errmsg: 'ok', ticket, expires_in}`.
 *
 * A refusal is `{errcode, errmsg}` (40001 invalid credential, 40125 invalid appsecret, 42001
 * expired token, 45009 daily quota reached, -1 busy): WechatTokenError. Both last 7200 s.
 */
import type { OutsideFetch } from '../fetch'

export interface Expiring {
  value: string
  /** epoch ms */
  expiresAt: number
}

export class WechatTokenError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat answered ${errcode}: ${errmsg}`)
  }
}

interface WechatAnswer {
  errcode?: unknown
  errmsg?: unknown
  access_token?: unknown
  ticket?: unknown
  expires_in?: unknown
}

async function answerOf(response: Response): Promise<WechatAnswer> {
  if (!response.ok) throw new WechatTokenError(-2, `HTTP ${response.status}`)
  let answer: WechatAnswer
  try {
    answer = (await response.json()) as WechatAnswer
  } catch {
    throw new WechatTokenError(-2, 'the answer is not JSON')
  }
  if (typeof answer.errcode === 'number' && answer.errcode !== 0) throw new WechatTokenError(answer.errcode, String(answer.errmsg))
  return answer
}

function expiring(value: unknown, expiresIn: unknown, now: number): Expiring {
  if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
    throw new WechatTokenError(-2, 'the answer has no credential and lifetime')
  }
  return { value, expiresAt: now + expiresIn * 1000 }
}

const TIMEOUT_MS = 10_000

/** The stable access token of the app `appId`. */
export async function stableToken(send: OutsideFetch, apiBase: string, app: { appId: string; appSecret: string }, now: number): Promise<Expiring> {
  const response = await send(`${apiBase}/cgi-bin/stable_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credential', appid: app.appId, secret: app.appSecret, force_refresh: false }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const answer = await answerOf(response)
  return expiring(answer.access_token, answer.expires_in, now)
}

/** The JS-SDK ticket an access token gives. */
export async function jsapiTicket(send: OutsideFetch, apiBase: string, accessToken: string, now: number): Promise<Expiring> {
  const query = new URLSearchParams({ access_token: accessToken, type: 'jsapi' })
  const response = await send(`${apiBase}/cgi-bin/ticket/getticket?${query.toString()}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  const answer = await answerOf(response)
  return expiring(answer.ticket, answer.expires_in, now)
}
