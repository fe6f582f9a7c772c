import type { ShareConfig } from '../../../types/share'
import { platformEnv } from '../env'
import type { ShareContent, ShareDeps, ShareGateway } from './types'

type JsSdk = (typeof import('weixin-js-sdk'))['default']

const JS_API_LIST: ('updateAppMessageShareData' | 'updateTimelineShareData')[] = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
]

let sdk: Promise<JsSdk | undefined> | undefined

/**
 * The JS-SDK is fetched only inside WeChat, the one browser that can use it, so other browsers never
 * download it. A failed load skips sharing like a 505 does.
 */
function loadSdk(): Promise<JsSdk | undefined> {
  sdk ??= import('weixin-js-sdk').then(
    (mod) => mod.default,
    () => undefined,
  )
  return sdk
}

function configure(wx: JsSdk, config: ShareConfig, content: ShareContent): Promise<void> {
  return new Promise((resolve) => {
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: JS_API_LIST,
    })
    const done = () => resolve()
    wx.ready(() => {
      const { title, desc, link, imageUrl: imgUrl } = content
      wx.updateAppMessageShareData({ title, desc, link, imgUrl, success: done, fail: done })
      wx.updateTimelineShareData({ title, link, imgUrl, success: done, fail: done })
    })
    // a bad signature: sharing falls back to WeChat's default card, nothing to tell the reader
    wx.error(done)
  })
}

export function createShareGateway(deps: ShareDeps): ShareGateway {
  return {
    async setShareContent(content: ShareContent): Promise<void> {
      if (!platformEnv.inWechatBrowser()) return
      // WeChat signs the URL without its fragment
      const registerUrl = window.location.href.split('#')[0]
      const config = await deps.shareConfig(registerUrl).catch(() => undefined)
      if (!config) return
      const wx = await loadSdk()
      if (wx) await configure(wx, config, content)
    },
  }
}
