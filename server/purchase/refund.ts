import type { FastifyInstance } from 'fastify'
import type { WechatCredentials } from '../core/wechat'
import { outsideFetch } from '../outside/fetch'
import { createWechatPayClient } from '../outside/wechatPay/client'
import type { WechatPaySettings } from '../outside/wechatPay/settings'
import { createRepositories } from '../repositories'
import { createPayments, requestRefund } from './payments'
import type { RefundRequest } from './payments'

/** Refunds `orderNO` through the WeChat Pay of `settings`, against the database of `app`. */
export function refundOrder(app: FastifyInstance, settings: WechatPaySettings, wechat: WechatCredentials, orderNO: string, reason: string): Promise<RefundRequest> {
  const repos = createRepositories(app.db)
  const payments = createPayments(createWechatPayClient(settings, outsideFetch(app)), repos, [wechat.appId, wechat.miniAppId])
  return requestRefund(payments, repos, orderNO, reason)
}
