import { ResponseCode } from '../../types/api'
import type { GroupOrderData } from '../../types/invite'
import { ApiRefusal } from '../core/envelope'
import { escapeHtml } from '../core/html'
import type { GroupOrderRecord } from './data'

/** The two yen-like markers an invite password may still be wrapped in (spec 001 §5). */
const MARKERS = /^[\u00A5\uFFE5]+|[\u00A5\uFFE5]+$/g

/** orderData (types/invite.ts GroupOrderData) read from its JSON text; a password may keep its markers. */
export function readOrderData(orderData: string): GroupOrderData {
  let value: unknown
  try {
    value = JSON.parse(orderData)
  } catch {
    throw ApiRefusal.say(ResponseCode.BadRequest, 'orderDataInvalid')
  }
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const text = (field: unknown): string => (typeof field === 'string' ? field.trim() : '')
  const order = { password: text(record.password).replace(MARKERS, '').trim(), gid: text(record.gid), wmid: text(record.wmid) }
  if (!order.password || !order.gid || !order.wmid) throw ApiRefusal.say(ResponseCode.BadRequest, 'orderDataInvalid')
  return order
}

/**
 * The group order's web payment form (spec 001 §7 formHTML): WeChat Pay's H5 pay, which a phone
 * browser outside WeChat can pay with (Native pay's QR code would have to be scanned by the very
 * phone showing it). The form opens `h5Url` with its query as fields (a GET form drops the
 * action's own query) and `redirect_url`, where WeChat Pay sends the browser back after paying
 * or giving up: /pay4group, whose order call then asks the server, never the URL, whether it paid.
 */
export function h5PayForm(h5Url: string, origin: string, back: string): string {
  const url = new URL(h5Url, origin)
  const action = h5Url.startsWith('/') ? url.pathname : `${url.origin}${url.pathname}`
  const fields = [...url.searchParams.entries(), ['redirect_url', `${origin}${back}`]]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  return `<form method="get" action="${escapeHtml(action)}">${fields}</form>`
}

/** Where the provider sends the browser back: /pay4group of the order's group, paid or not. */
export function payGroupReturn(order: GroupOrderRecord, paid: boolean): string {
  const query = new URLSearchParams({ gid: order.gid, wmid: order.inviterWmid, password: order.password })
  if (paid) {
    query.set('paySuccess', '1')
    query.set('tradeNo', order.orderNO)
  }
  return `/pay4group?${query.toString()}`
}

/** English beneath the Chinese on the demo's stand-in pages, which testers of either language meet. */
const EN = (text: string): string => `<span lang="en" class="en">${text}</span>`
const STAND_IN_STYLE =
  'body{font-family:sans-serif;margin:24px;color:#1a1a1a}.en{display:block;color:#595959;font-size:14px}' +
  'button,a{display:block;box-sizing:border-box;width:100%;min-height:44px;padding:12px;font-size:16px;margin:12px 0;text-align:center}'

/** The demo's stand-in for an app store page (a deployment's builds name the real ones). */
export function storePage(platform: 'Android' | 'iOS'): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${platform} 应用商店（开发用模拟）</title>
<style>${STAND_IN_STYLE}</style></head>
<body><main><h1>${platform} 应用商店（开发用模拟）${EN(`${platform} app store (development stand-in)`)}</h1>
<p>这是开发环境的模拟页面。正式部署时，网站会以 TARO_APP_ANDROID_STORE_URL 和 TARO_APP_IOS_STORE_URL 指向真实的应用商店页面。${EN(
    'A deployment builds the site with TARO_APP_ANDROID_STORE_URL and TARO_APP_IOS_STORE_URL set to the real store pages.',
  )}</p>
</main></body></html>
`
}
