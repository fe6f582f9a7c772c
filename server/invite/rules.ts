import { ResponseCode } from '../../types/api'
import type { GroupOrderData } from '../../types/invite'
import { inviteDevCalls } from '../../types/invite'
import { ApiRefusal } from '../core/envelope'
import { escapeHtml } from '../core/html'
import type { GroupOrderRecord, InviteGroup } from './data'

const ORDER_DATA_MESSAGE = 'orderData must be the JSON text of password, gid and wmid'

/** The two yen-like markers an invite password may still be wrapped in (spec 001 §5). */
const MARKERS = /^[\u00A5\uFFE5]+|[\u00A5\uFFE5]+$/g

/** orderData (types/invite.ts GroupOrderData) read from its JSON text; a password may keep its markers. */
export function readOrderData(orderData: string): GroupOrderData {
  let value: unknown
  try {
    value = JSON.parse(orderData)
  } catch {
    throw new ApiRefusal(ResponseCode.BadRequest, ORDER_DATA_MESSAGE)
  }
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const text = (field: unknown): string => (typeof field === 'string' ? field.trim() : '')
  const order = { password: text(record.password).replace(MARKERS, '').trim(), gid: text(record.gid), wmid: text(record.wmid) }
  if (!order.password || !order.gid || !order.wmid) throw new ApiRefusal(ResponseCode.BadRequest, ORDER_DATA_MESSAGE)
  return order
}

/**
 * The provider's form for a group order (spec 001 §7 formHTML): the page submits it, and the
 * browser lands on the provider's page. Here the provider is the development sandbox.
 */
export function sandboxFormHtml(origin: string, order: GroupOrderRecord): string {
  return (
    `<form method="post" action="${escapeHtml(origin + inviteDevCalls.groupSandboxPage.path)}">` +
    `<input type="hidden" name="orderNO" value="${escapeHtml(order.orderNO)}"></form>`
  )
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

const yuan = (fen: number): string => (fen / 100).toFixed(2)

/** English beneath the Chinese on the demo's stand-in pages, which testers of either language meet. */
const EN = (text: string): string => `<span lang="en" class="en">${text}</span>`
const STAND_IN_STYLE =
  'body{font-family:sans-serif;margin:24px;color:#1a1a1a}.en{display:block;color:#595959;font-size:14px}' +
  'button,a{display:block;box-sizing:border-box;width:100%;min-height:44px;padding:12px;font-size:16px;margin:12px 0;text-align:center}'

/** The sandbox provider's page: what is paid for, and a pay and a cancel button. */
export function sandboxPage(order: GroupOrderRecord, group: InviteGroup): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>支付（开发用模拟）</title>
<style>${STAND_IN_STYLE}</style></head>
<body><main><h1>支付（开发用模拟）${EN('Payment provider (development sandbox)')}</h1>
<p>这是开发环境的模拟支付页面，不会真的扣款。${EN('This stands in for the payment provider. Nothing is charged.')}</p>
<p>${escapeHtml(group.name)}：¥${yuan(order.totalFee)}</p>
<form method="post" action="${escapeHtml(inviteDevCalls.groupSandboxPay.path)}">
<input type="hidden" name="orderNO" value="${escapeHtml(order.orderNO)}">
<button type="submit">支付 ¥${yuan(order.totalFee)}${EN(`Pay ¥${yuan(order.totalFee)}`)}</button>
</form>
<a href="${escapeHtml(payGroupReturn(order, false))}">取消${EN('Cancel')}</a>
</main></body></html>
`
}

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
