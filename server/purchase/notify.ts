import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { AppContext } from '../context'
import type { NotificationRefusal } from '../outside/wechatPay/client'
import { PAY_NOTIFY_PATH, REFUND_NOTIFY_PATH } from './payments'
import type { PaymentOutcome } from './payments'
import { paymentNotifications } from '../ops/metrics'

/**
 * WeChat Pay API v3's notifications (the pay notify URL set in the merchant console and in each
 * prepay, and the refund's): JSON whose signature (`Wechatpay-Signature` over
 * `timestamp\nnonce\nbody\n`, by the key `Wechatpay-Serial` names) is checked over the exact
 * bytes received, then whose `resource` is decrypted with the APIv3 key. Taken: 204 and no body.
 * Refused: 4xx or 5xx with `{"code":"FAIL","message":…}`, and WeChat Pay tries again over the
 * next 24 hours; what a notification does happens once however often it comes (payments.ts).
 */

const REFUSALS: Record<NotificationRefusal | Exclude<PaymentOutcome, { ok: true }>['reason'], [number, string]> = {
  unsigned: [401, 'the notification is not signed'],
  'unknown-serial': [401, 'Wechatpay-Serial names no key of ours'],
  'bad-signature': [401, 'the signature does not verify'],
  stale: [401, 'Wechatpay-Timestamp is too far from now'],
  malformed: [400, 'the notification is not one we read'],
  undecryptable: [400, 'the resource does not decrypt'],
  'foreign-merchant': [400, 'the notification is for another merchant'],
  'foreign-app': [400, 'the notification is for another app'],
  'unknown-order': [404, 'no such order'],
  'amount-mismatch': [400, 'the amount does not match the order'],
}

function refuse(reply: FastifyReply, reason: keyof typeof REFUSALS): FastifyReply {
  const [status, message] = REFUSALS[reason]
  return reply.code(status).type('application/json').send({ code: 'FAIL', message })
}

export const notifyRoutes: FastifyPluginAsync<AppContext> = async (app, { payments }) => {
  // the signature covers the exact bytes: the body stays text until it is verified
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => done(null, body))

  for (const path of [PAY_NOTIFY_PATH, REFUND_NOTIFY_PATH]) {
    const kind = path === PAY_NOTIFY_PATH ? 'transaction' : 'refund'
    app.post<{ Body: string }>(path, async (request, reply) => {
      if (!payments) return reply.code(503).send({ code: 'FAIL', message: 'WeChat Pay is not configured' })
      const notification = payments.client.readNotification(request.headers, typeof request.body === 'string' ? request.body : '')
      if (typeof notification === 'string') {
        paymentNotifications.inc({ kind, outcome: notification })
        request.log.warn({ refusal: notification }, 'WeChat Pay notification refused')
        return refuse(reply, notification)
      }
      const outcome =
        notification.kind === 'transaction' && path === PAY_NOTIFY_PATH
          ? await payments.settle(notification.transaction, Date.now())
          : notification.kind === 'refund' && path === REFUND_NOTIFY_PATH
            ? await payments.applyRefund(notification.refund)
            : ({ ok: false, reason: 'malformed' } as const)
      paymentNotifications.inc({ kind, outcome: outcome.ok ? 'accepted' : outcome.reason })
      if (!outcome.ok) {
        request.log.warn({ refusal: outcome.reason }, 'WeChat Pay notification refused')
        return refuse(reply, outcome.reason)
      }
      return reply.code(204).send()
    })
  }
}
