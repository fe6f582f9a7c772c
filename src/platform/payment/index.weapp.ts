import Taro from '@tarojs/taro'
import type { PayConfig } from '../../../types/purchase'
import type { PayOutcome, PaymentGateway } from './types'

/** `requestPayment:fail cancel` is the user closing the pay sheet; any other failure is a failure. */
function outcomeOf(err: unknown): PayOutcome {
  const message = typeof err === 'object' && err !== null ? (err as { errMsg?: unknown }).errMsg : undefined
  return typeof message === 'string' && /cancel/i.test(message) ? 'cancel' : 'fail'
}

/** The phone's system as WeChat reports it: `ios`, `android`, `devtools`, `windows`, `mac`… */
function system(): string {
  return Taro.getSystemInfoSync().platform.toLowerCase()
}

/** Mini-program: the native pay sheet. The sandbox is not needed: the devtools simulate payment. */
export function createPaymentGateway(): PaymentGateway {
  return {
    restricted: () => system() === 'ios',
    orderPlatform: () => {
      const name = system()
      return /^[a-z]{1,16}$/.test(name) ? `weapp-${name}` : undefined
    },
    async pay(config: PayConfig): Promise<PayOutcome> {
      try {
        await Taro.requestPayment({
          timeStamp: config.timeStamp,
          nonceStr: config.nonceStr,
          package: config.package,
          signType: config.signType as keyof Taro.requestPayment.SignType,
          paySign: config.sign,
        })
        return 'ok'
      } catch (err) {
        return outcomeOf(err)
      }
    },
  }
}
