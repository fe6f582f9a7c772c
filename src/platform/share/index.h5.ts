import type { ShareConfig } from '../../../types/share'
import { platformEnv } from '../env'
import type { ShareContent, ShareDeps, ShareGateway, ShareStep } from './types'

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

type OnStep = (step: ShareStep) => void

const detailOf = (res: unknown): string | undefined => {
  const message = typeof res === 'object' && res !== null ? (res as { errMsg?: unknown }).errMsg : undefined
  return typeof message === 'string' ? message : undefined
}

function configure(wx: JsSdk, config: ShareConfig, content: ShareContent, onStep: OnStep): Promise<void> {
  return new Promise((resolve) => {
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: JS_API_LIST,
    })
    let pending = 2
    const report = (name: 'appMessage' | 'timeline', outcome: 'ok' | 'failed') => (res?: unknown) => {
      onStep({ name, outcome, detail: detailOf(res) })
      pending -= 1
      if (pending === 0) resolve()
    }
    wx.ready(() => {
      onStep({ name: 'wxConfig', outcome: 'ok' })
      const { title, desc, link, imageUrl: imgUrl } = content
      wx.updateAppMessageShareData({ title, desc, link, imgUrl, success: report('appMessage', 'ok'), fail: report('appMessage', 'failed') })
      wx.updateTimelineShareData({ title, link, imgUrl, success: report('timeline', 'ok'), fail: report('timeline', 'failed') })
    })
    // a bad signature: sharing falls back to WeChat's default card, nothing to tell the reader
    wx.error((res) => {
      onStep({ name: 'wxConfig', outcome: 'failed', detail: detailOf(res) })
      resolve()
    })
  })
}

export function createShareGateway(deps: ShareDeps): ShareGateway {
  return {
    async setShareContent(content: ShareContent, onStep: OnStep = () => undefined): Promise<void> {
      if (!platformEnv.inWechatBrowser()) {
        onStep({ name: 'browser', outcome: 'skipped' })
        return
      }
      // WeChat signs the URL without its fragment
      const registerUrl = window.location.href.split('#')[0]
      let failed = false
      const config = await deps.shareConfig(registerUrl).catch(() => {
        failed = true
        return undefined
      })
      onStep({ name: 'config', outcome: config ? 'ok' : failed ? 'failed' : 'skipped' })
      if (!config) return
      const wx = await loadSdk()
      onStep({ name: 'sdk', outcome: wx ? 'ok' : 'failed' })
      if (wx) await configure(wx, config, content, onStep)
    },
  }
}
