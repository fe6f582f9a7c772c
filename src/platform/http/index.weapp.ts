import Taro from '@tarojs/taro'
import type { Http } from './types'

/** The mini-program sends HTTP through wx.request (its domain list is checked by WeChat). */
export const http: Http = {
  post: async ({ url, body, headers, timeoutMs }) => {
    const res = await Taro.request({ url, method: 'POST', data: body, header: headers, timeout: timeoutMs, dataType: 'json' })
    return { statusCode: res.statusCode, data: res.data }
  },
}
