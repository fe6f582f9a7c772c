/**
 * `npm run refund -- <orderNO> [reason]`: the operator refunds a paid lesson or live order in full
 * through WeChat Pay (the product has no refund screen; spec 001 only shows a refunded order, as
 * orderStatus 4). It reads the server's settings as `npm start` does (SERVER_MODE, DATABASE_URL or
 * DB_PATH, WECHAT_*, WECHAT_PAY_*): production asks WeChat Pay, demo mode its stand-in. The
 * refund lands when WeChat Pay says SUCCESS, in its answer or in the refund notification that
 * follows; running it again for the same order asks for the same refund and changes nothing more.
 */
import { buildApp, serverConfigFromEnv } from '../app'
import { DEMO_WECHAT } from '../core/wechat'
import { demoWechatPay } from '../outside/wechatPay/demo'
import { refundOrder } from './refund'

async function main(): Promise<void> {
  const [orderNO, reason = '退款'] = process.argv.slice(2)
  if (!orderNO) throw new Error('usage: npm run refund -- <orderNO> [reason]')
  const config = serverConfigFromEnv(process.env)
  const app = await buildApp({ ...config, logger: false })
  try {
    const outcome = await refundOrder(app, config.wechatPay ?? demoWechatPay(), config.wechat ?? DEMO_WECHAT, orderNO, reason)
    if (!outcome.ok) throw new Error(`refund: ${orderNO} ${outcome.reason === 'not-paid' ? 'is not paid (or is refunded already)' : 'is no lesson or live order'}`)
    console.log(`refund: ${orderNO} ${outcome.refund.refund_id ?? ''} ${outcome.refund.status ?? ''}`)
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
