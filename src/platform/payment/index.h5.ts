import { feedback } from '../feedback'
import type { PayConfig } from '../../../types/purchase'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import { platformEnv } from '../env'
import type { PayOutcome, PaymentDeps, PaymentGateway } from './types'

interface WeixinJSBridgeApi {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, callback: (res: { err_msg?: string }) => void): void
}

/** WeChat's browser injects `window.WeixinJSBridge` (typed `any` by weixin-js-sdk's globals). */
function currentBridge(): WeixinJSBridgeApi | undefined {
  return (window as unknown as { WeixinJSBridge?: WeixinJSBridgeApi }).WeixinJSBridge
}

/** The bridge may arrive after the page starts; it announces itself with `WeixinJSBridgeReady`. */
function bridge(): Promise<WeixinJSBridgeApi> {
  const ready = currentBridge()
  if (ready) return Promise.resolve(ready)
  return new Promise((resolve) => {
    const onReady = () => {
      const injected = currentBridge()
      if (!injected) return
      document.removeEventListener('WeixinJSBridgeReady', onReady)
      resolve(injected)
    }
    document.addEventListener('WeixinJSBridgeReady', onReady)
  })
}

/** Only `get_brand_wcpay_request:ok` is a payment (WeixinJSBridge's documented result); the user closing the sheet is `:cancel`. */
function outcomeOf(errMsg: string | undefined): PayOutcome {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok'
  return errMsg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail'
}

async function payInWechat(config: PayConfig): Promise<PayOutcome> {
  const jsBridge = await bridge()
  return new Promise((resolve) => {
    jsBridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: config.appId,
        timeStamp: config.timeStamp,
        nonceStr: config.nonceStr,
        package: config.package,
        signType: config.signType,
        paySign: config.sign,
      },
      (res) => resolve(outcomeOf(res?.err_msg)),
    )
  })
}

/**
 * H5 pay: WeChat Pay's cashier page (`h5Url`), which sends the buyer back to this very page
 * (`redirect_url`, WeChat Pay's documented parameter) paid or not; the page then loads afresh and
 * asks the server. The page is leaving, so there is no outcome to report.
 */
function payOnCashier(h5Url: string): Promise<PayOutcome> {
  const separator = h5Url.includes('?') ? '&' : '?'
  window.location.assign(`${h5Url}${separator}redirect_url=${encodeURIComponent(window.location.href)}`)
  return new Promise<PayOutcome>(() => undefined)
}

/**
 * Outside WeChat the server answers H5 pay (`h5Url`) unless its development routes are on. Then
 * it answers a JSAPI prepay, which development builds (and builds made with
 * TARO_APP_PAY_SANDBOX=1, such as the e2e one) pay through the reference server's sandbox after a
 * confirm; any other build fails, which the pay flow treats as no payment.
 */
function sandboxEnabled(): boolean {
  return process.env.NODE_ENV === 'development' || process.env.TARO_APP_PAY_SANDBOX === '1'
}

export function createPaymentGateway(deps: PaymentDeps): PaymentGateway {
  return {
    // H5 in WeChat on iOS may sell: WeChat's rule is the mini-program's
    restricted: () => false,
    orderPlatform: () => undefined,
    async pay(config: PayConfig): Promise<PayOutcome> {
      if (config.h5Url) return payOnCashier(config.h5Url)
      if (platformEnv.inWechatBrowser()) return payInWechat(config)
      if (!sandboxEnabled()) return 'fail'
      const confirm = await feedback.modal({
        // $ui-primary: Taro's default #3cc51f has 2.3:1 on white
        confirmColor: '#047a3d',
        title: t('purchase.sandbox.title'),
        content: t('purchase.sandbox.text', { price: fenToYuan(config.totalFee) }),
      })
      if (!confirm) return 'cancel'
      try {
        await deps.sandboxPay(config.orderNO)
        return 'ok'
      } catch {
        return 'fail'
      }
    },
  }
}
