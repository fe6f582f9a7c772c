import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../context'
import { WECHAT_STANDINS } from './wechatOauth/standin'
import { tencentSmsStandin } from './tencentSms/standin'
import { nimStandin } from './nim/standin'
import { wechatTokenStandin } from './wechatToken/standin'
import { wechatPayStandinRoutes } from './wechatPay/standin'
import { WECHAT_PAY_STANDIN } from './wechatPay/settings'
import type { Standin } from './standin'
import { standinBase } from './standinPath'

/**
 * The local stand-ins for the outside services: each one speaks its provider's protocol (paths,
 * signatures, encryption, answers) so that the real client code runs against it. Demo mode serves
 * them under STANDIN_PREFIX (server/outside/standinPath.ts) on the app itself (their base URLs are then paths, server/outside/fetch.ts);
 * the production-mode tests serve them from a separate app (`standinApp` in test/server) and point
 * the production settings at it.
 *
 * A stand-in keeps no state in memory that another worker would need: what it issues (codes,
 * prepay ids, tokens) is either self-describing and signed, or stored in the app's database.
 */

/** Every stand-in, each served under `${STANDIN_PREFIX}/${name}`. */
export const STANDINS: readonly Standin[] = [tencentSmsStandin, nimStandin, wechatTokenStandin, { name: WECHAT_PAY_STANDIN, routes: wechatPayStandinRoutes }, ...WECHAT_STANDINS]

/** Serves every stand-in under its prefix. */
export const standinRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  for (const standin of STANDINS) {
    await app.register(standin.routes, { ...context, prefix: standinBase(standin.name) })
  }
}
