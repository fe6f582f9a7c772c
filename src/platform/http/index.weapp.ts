import Taro from '@tarojs/taro'
import type { Http } from './types'

/** The mini-program sends HTTP through wx.request (its domain list is checked by WeChat). */
export const http: Http = {
  post: async ({ url, body, headers, timeoutMs }) => {
    const res = await Taro.request({ url, method: 'POST', data: body, header: headers, timeout: timeoutMs, dataType: 'json' })
    return { statusCode: res.statusCode, data: res.data }
  },
  getJson: async (url, timeoutMs) => {
    const res = await Taro.request({ url, method: 'GET', timeout: timeoutMs, dataType: 'json' })
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`GET ${url}: HTTP ${res.statusCode}`)
    return res.data as unknown
  },
}
