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

/** The sandbox provider's page: what is paid for, and a pay and a cancel button. */
export function sandboxPage(order: GroupOrderRecord, group: InviteGroup): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment provider (development sandbox)</title>
<style>body{font-family:sans-serif;margin:24px;color:#1a1a1a}button,a{display:block;box-sizing:border-box;width:100%;min-height:44px;padding:12px;font-size:16px;margin:12px 0;text-align:center}</style></head>
<body><main><h1>Payment provider (development sandbox)</h1>
<p>This stands in for the payment provider. Nothing is charged.</p>
<p>${escapeHtml(group.name)}: ¥${yuan(order.totalFee)}</p>
<form method="post" action="${escapeHtml(inviteDevCalls.groupSandboxPay.path)}">
<input type="hidden" name="orderNO" value="${escapeHtml(order.orderNO)}">
<button type="submit">Pay ¥${yuan(order.totalFee)}</button>
</form>
<a href="${escapeHtml(payGroupReturn(order, false))}">Cancel</a>
</main></body></html>
`
}

/** The demo's stand-in for an app store page (a deployment's builds name the real ones). */
export function storePage(platform: 'Android' | 'iOS'): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>App store (development stand-in)</title>
<style>body{font-family:sans-serif;margin:24px;color:#1a1a1a}</style></head>
<body><main><h1>${platform} app store (development stand-in)</h1>
<p>A deployment builds the site with TARO_APP_ANDROID_STORE_URL and TARO_APP_IOS_STORE_URL set to the real store pages.</p>
</main></body></html>
`
}
