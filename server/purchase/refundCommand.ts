/**
 * `npm run refund -- <orderNO> [reason]`: the operator refunds a paid lesson or live order in full
 * through WeChat Pay (the product has no refund screen; spec 001 only shows a refunded order, as
 * orderStatus 4). It reads the server's settings as `npm start` does (SERVER_MODE, DATABASE_URL or
 * DB_PATH, WECHAT_*, WECHAT_PAY_*): production asks WeChat Pay, demo mode its stand-in. The
 * refund lands when WeChat Pay says SUCCESS, in its answer or in the refund notification that
 * follows; running it again for the same order asks for the same refund and changes nothing more.
 * It speaks the operator's language (core/operatorLanguage.ts); the reason goes to WeChat Pay,
 * which shows it to the buyer, so its default stays 退款 whatever the operator's language.
 */
import { buildApp, serverConfigFromEnv } from '../app'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, failureText, operatorText } from '../core/operatorTexts'
import { DEMO_WECHAT } from '../core/wechat'
import { demoWechatPay } from '../outside/wechatPay/demo'
import { refundOrder } from './refund'

const language = operatorLanguage(process.env)

async function main(): Promise<void> {
  const [orderNO, reason = '退款'] = process.argv.slice(2)
  if (!orderNO) throw new OperatorRefusal('refundUsage')
  const config = serverConfigFromEnv(process.env)
  const app = await buildApp({ ...config, logger: false })
  try {
    const outcome = await refundOrder(app, config.wechatPay ?? demoWechatPay(), config.wechat ?? DEMO_WECHAT, orderNO, reason)
    if (!outcome.ok) throw new OperatorRefusal(outcome.reason === 'not-paid' ? 'refundNotPaid' : 'refundNoOrder', { orderNO })
    console.log(operatorText('refundDone', language, { orderNO, refundId: outcome.refund.refund_id ?? '', status: outcome.refund.status ?? '' }))
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  console.error(failureText(error, language))
  process.exit(1)
})
