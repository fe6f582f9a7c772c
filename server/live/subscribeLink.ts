/**
 * Who the subscription page speaks for (spec 001 §2 /liveSubscribeNoti, §6 "identifies the user by
 * the openid query value"). A bare openid is not a credential: anyone who learns one could read and
 * change that person's subscriptions. So the `openid` the page carries is a value this server
 * signed when WeChat sent the person back from its web authorisation (subscribeRoutes.ts): the
 * official-account openid WeChat answered for the code, when the value stops being good, and an
 * HMAC-SHA256 over both, `<openid, base64url>.<expiry, base36 epoch ms>.<HMAC, base64url>`.
 *
 * The key is derived from the official account's AppSecret (every worker and machine of a
 * deployment has it; a label keeps it apart from any other use of that secret). Changing the secret
 * ends every link, as does SUBSCRIBE_LINK_TTL_MS: the person opens the page from the menu again.
 */
import { createHmac } from 'node:crypto'
import { signMatches } from '../core/wechat'

/** How long a signed link opens the page: a visit, not a standing credential. */
export const SUBSCRIBE_LINK_TTL_MS = 2 * 3600_000

const LABEL = 'liveSubscribeNoti openid link v1'
/** An openid as WeChat writes them (28 characters), with room; nothing that could break the format. */
const OPENID = /^[A-Za-z0-9_-]{1,64}$/
const EXPIRY = /^[0-9a-z]{1,12}$/

/** The key that signs the links, from the official account's AppSecret. */
export function subscribeLinkKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update(LABEL).digest()
}

const macOf = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload).digest('base64url')

/** The page's `openid` value for `openid`, good for SUBSCRIBE_LINK_TTL_MS from `now`. */
export function signSubscribeLink(openid: string, now: number, key: Buffer): string {
  if (!OPENID.test(openid)) throw new Error('not an openid')
  const payload = `${Buffer.from(openid, 'utf8').toString('base64url')}.${(now + SUBSCRIBE_LINK_TTL_MS).toString(36)}`
  return `${payload}.${macOf(key, payload)}`
}

/** The openid a link was signed for, while it is good; undefined for a bare, altered, forged or expired one. */
export function openidOfSubscribeLink(value: string, now: number, key: Buffer): string | undefined {
  const parts = value.split('.')
  if (parts.length !== 3) return undefined
  const [encoded, expiry, mac] = parts
  if (!EXPIRY.test(expiry) || !signMatches(mac, macOf(key, `${encoded}.${expiry}`))) return undefined
  if (parseInt(expiry, 36) <= now) return undefined
  const openid = Buffer.from(encoded, 'base64url').toString('utf8')
  return OPENID.test(openid) ? openid : undefined
}
