import Taro from '@tarojs/taro'
import type { Http } from './types'
import { requestTimedOut } from './timeoutError'

/** wx.request fails with errMsg 'request:fail timeout' when its `timeout` passed. */
function timedOut(err: unknown): boolean {
  const errMsg = typeof err === 'object' && err !== null ? (err as { errMsg?: unknown }).errMsg : undefined
  return typeof errMsg === 'string' && /timeout|timed out/i.test(errMsg)
}

/** Taro.request, with a timeout rejecting as one (timeoutError.ts). */
async function request(options: Taro.request.Option, url: string, timeoutMs: number): Promise<Taro.request.SuccessCallbackResult> {
  try {
    return await Taro.request(options)
  } catch (err) {
    throw timedOut(err) ? requestTimedOut(url, timeoutMs) : err
  }
}

/** The mini-program sends HTTP through wx.request (its domain list is checked by WeChat). */
export const http: Http = {
  post: async ({ url, body, headers, timeoutMs }) => {
    const res = await request({ url, method: 'POST', data: body, header: headers, timeout: timeoutMs, dataType: 'json' }, url, timeoutMs)
    return { statusCode: res.statusCode, data: res.data }
  },
  getJson: async (url, timeoutMs) => {
    const res = await request({ url, method: 'GET', timeout: timeoutMs, dataType: 'json' }, url, timeoutMs)
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`GET ${url}: HTTP ${res.statusCode}`)
    return res.data as unknown
  },
}
