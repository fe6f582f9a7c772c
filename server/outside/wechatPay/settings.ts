import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MissingSettings, baseUrl } from '../settings'
import type { Environment } from '../settings'

/**
 * What the server needs to talk to WeChat Pay API v3: where it is, who the merchant is (number,
 * API certificate serial and private key, APIv3 key) and WeChat Pay's keys that sign its answers
 * and notifications, by the serial it names them with (`Wechatpay-Serial`): the WeChat Pay
 * public key (`PUB_KEY_ID_…`) and/or platform certificates.
 */
export interface WechatPaySettings {
  /** https://api.mch.weixin.qq.com in production; the stand-in's path in demo mode */
  readonly base: string
  readonly mchId: string
  /** the merchant API certificate's serial number */
  readonly serial: string
  readonly privateKey: KeyObject
  /** the APIv3 key (32 characters) that seals notifications */
  readonly apiV3Key: string
  /** WeChat Pay's public keys by serial; a notification or answer naming any other is refused */
  readonly wechatpayKeys: ReadonlyMap<string, KeyObject>
  /**
   * The origin WeChat Pay posts notifications to (https://your.domain); '' in demo mode, where
   * the stand-in on this very server posts them to the path
   */
  readonly notifyOrigin: string
}

/** The production base URL. */
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com'
export const WECHAT_PAY_STANDIN = 'wechat-pay'

/**
 * The demo merchant and the demo WeChat Pay: key pairs made for this repository only (these
 * files), so every worker and every test signs and checks with the same keys. Production never
 * reads them.
 */
const demoKey = (file: string): KeyObject => createPrivateKey(readFileSync(join(__dirname, file), 'utf8'))
export const DEMO_MERCHANT_KEY = demoKey('demo-merchant-key.pem')
export const DEMO_WECHATPAY_KEY = demoKey('demo-wechatpay-key.pem')
/** WeChat's documentation's example merchant number */
export const DEMO_MCH_ID = '1900000109'
export const DEMO_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const DEMO_WECHATPAY_KEY_ID = 'PUB_KEY_ID_0119000001090000DEMO00000000'
export const DEMO_API_V3_KEY = 'demoApiV3Key0123456789abcdefABCD'


/** The variables production mode needs for WeChat Pay (what each one is: core/operatorTexts.ts). */
export type WechatPayVariable =
  | 'WECHAT_PAY_MCH_ID'
  | 'WECHAT_PAY_SERIAL'
  | 'WECHAT_PAY_PRIVATE_KEY'
  | 'WECHAT_PAY_API_V3_KEY'
  | 'WECHAT_PAY_PUBLIC_KEY'
  | 'WECHAT_PAY_NOTIFY_ORIGIN'

/** A PEM given inline (`NAME`) or as a file (`NAME_FILE`). */
function pem(env: Environment, name: string): string | undefined {
  const inline = env[name]
  if (inline) return inline.replace(/\\n/g, '\n')
  const file = env[`${name}_FILE`]
  return file ? readFileSync(file, 'utf8') : undefined
}

/** WeChat Pay's keys by serial: the public key with its id, and the platform certificate by its serial. */
function wechatpayKeys(env: Environment): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>()
  const publicKey = pem(env, 'WECHAT_PAY_PUBLIC_KEY')
  if (publicKey && env.WECHAT_PAY_PUBLIC_KEY_ID) keys.set(env.WECHAT_PAY_PUBLIC_KEY_ID, createPublicKey(publicKey))
  const certificate = pem(env, 'WECHAT_PAY_PLATFORM_CERT')
  if (certificate) {
    const x509 = new X509Certificate(certificate)
    keys.set(x509.serialNumber.toUpperCase(), x509.publicKey)
  }
  return keys
}

/**
 * The WeChat Pay settings of production mode, or MissingSettings naming each variable that is
 * not set (or not usable: an APIv3 key that is not 32 bytes, a notify origin that is not https).
 * WECHAT_PAY_BASE (default https://api.mch.weixin.qq.com) points the client elsewhere.
 */
export function wechatPayFromEnv(env: Environment): WechatPaySettings {
  const privateKey = pem(env, 'WECHAT_PAY_PRIVATE_KEY')
  const keys = wechatpayKeys(env)
  const apiV3Key = env.WECHAT_PAY_API_V3_KEY ?? ''
  const missing: WechatPayVariable[] = []
  if (!env.WECHAT_PAY_MCH_ID?.trim()) missing.push('WECHAT_PAY_MCH_ID')
  if (!env.WECHAT_PAY_SERIAL?.trim()) missing.push('WECHAT_PAY_SERIAL')
  if (!privateKey) missing.push('WECHAT_PAY_PRIVATE_KEY')
  if (Buffer.byteLength(apiV3Key) !== 32) missing.push('WECHAT_PAY_API_V3_KEY')
  if (keys.size === 0) missing.push('WECHAT_PAY_PUBLIC_KEY')
  if (!env.WECHAT_PAY_NOTIFY_ORIGIN?.startsWith('https://')) missing.push('WECHAT_PAY_NOTIFY_ORIGIN')
  if (missing.length > 0 || !privateKey) throw new MissingSettings(missing)
  return {
    base: baseUrl(env, 'WECHAT_PAY_BASE', WECHAT_PAY_API),
    mchId: String(env.WECHAT_PAY_MCH_ID).trim(),
    serial: String(env.WECHAT_PAY_SERIAL).trim().toUpperCase(),
    privateKey: createPrivateKey(privateKey),
    apiV3Key,
    wechatpayKeys: keys,
    notifyOrigin: String(env.WECHAT_PAY_NOTIFY_ORIGIN).replace(/\/+$/, ''),
  }
}
