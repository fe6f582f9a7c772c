import Taro from '@tarojs/taro'

/** A GET of a JSON document through Taro's request (fetch in H5, wx.request in the mini-program). */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await Taro.request({ url, method: 'GET', timeout: timeoutMs, dataType: 'json' })
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode}`)
  return res.data as unknown
}
