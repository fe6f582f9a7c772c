import type { AppContext } from '../context'

/**
 * Who pays a JSAPI order at WeChat Pay: the buyer's openid in the app the payment is made in
 * (the official account for H5 in WeChat, the mini-program for the mini-program), as the login
 * area recorded it when the buyer logged in through that app (`wechat_accounts`). Undefined when
 * the buyer never logged in through it: WeChat Pay cannot take a JSAPI payment without it.
 */
export async function payerOf(context: Pick<AppContext, 'db'>, wmid: string, appId: string): Promise<string | undefined> {
  const row = await context.db.one<{ openid: string }>('SELECT openid FROM wechat_accounts WHERE app_id = ? AND wmid = ? ORDER BY created_at LIMIT 1', [
    appId,
    wmid,
  ])
  return row?.openid
}
