import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
import type { KeyObject } from 'node:crypto'

/**
 * WeChat Pay API v3's cryptography, as its documentation defines it ("签名生成", "签名验证",
 * "证书和回调报文解密"), on node:crypto alone:
 *
 * - a signature covers a message of lines, each ending in `\n` (the last one too): for a request
 *   `METHOD\nURL\ntimestamp\nnonce\nbody\n`, for an answer or a notification
 *   `timestamp\nnonce\nbody\n`, for the client's pay parameters `appId\ntimeStamp\nnonceStr\npackage\n`;
 * - it is SHA256 with RSA (PKCS#1 v1.5), base64;
 * - a request carries it in `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
 *   signature="…",timestamp="…",serial_no="…"`; WeChat Pay signs its answers and notifications in
 *   the `Wechatpay-Signature`, `-Timestamp`, `-Nonce` and `-Serial` headers;
 * - a notification's `resource` is AEAD_AES_256_GCM with the merchant's APIv3 key: base64 of the
 *   ciphertext followed by its 16-byte tag, a 12-character nonce and the associated data.
 */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048'

/** The message a signature covers: each part on its own line, every line ended by `\n`. */
export function signatureMessage(...lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('')
}

/** SHA256 with RSA over `message`, base64. */
export function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64')
}

/** Whether `signature` (base64) is `publicKey`'s SHA256 with RSA over `message`; false for anything malformed. */
export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** A random string for nonces: 32 upper-case hex characters, as WeChat's examples. */
export function nonceString(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}

/** Who signs a request: the merchant's number, its API certificate's serial and private key. */
export interface MerchantSigner {
  readonly mchId: string
  readonly serial: string
  readonly privateKey: KeyObject
}

/** The fields of an `Authorization` header. */
export interface AuthorizationFields {
  mchid: string
  nonce_str: string
  signature: string
  timestamp: string
  serial_no: string
}

/**
 * The `Authorization` header of a request: `target` is the path with its query string (the URL
 * without scheme and host), `body` the exact JSON text sent ('' for a GET).
 */
export function authorization(signer: MerchantSigner, method: string, target: string, body: string, timestamp: number, nonce: string): string {
  const signature = rsaSign(signatureMessage(method, target, String(timestamp), nonce, body), signer.privateKey)
  return `${AUTH_SCHEME} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serial}"`
}

/** The fields of an `Authorization` header, or undefined when it is not WeChat Pay's scheme with all five. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | undefined {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return undefined
  const fields: Record<string, string> = {}
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]] = match[2]
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return undefined
  return { mchid, nonce_str, signature, timestamp, serial_no }
}

/** The client's pay parameters' `paySign`: RSA over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function paySign(appId: string, timeStamp: string, nonceStr: string, prepayPackage: string, privateKey: KeyObject): string {
  return rsaSign(signatureMessage(appId, timeStamp, nonceStr, prepayPackage), privateKey)
}

/** An encrypted `resource` of a notification. */
export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  associated_data?: string
  nonce: string
  original_type?: string
}

const TAG_BYTES = 16

/** The APIv3 key as AES-256 needs it: 32 bytes, or undefined. */
function aesKey(apiV3Key: string): Buffer | undefined {
  const key = Buffer.from(apiV3Key, 'utf8')
  return key.length === 32 ? key : undefined
}

/** The plaintext of `resource`, or undefined when the key, the nonce, the data or the tag do not fit. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | undefined {
  const key = aesKey(apiV3Key)
  const sealed = Buffer.from(resource.ciphertext, 'base64')
  if (!key || resource.algorithm !== 'AEAD_AES_256_GCM' || resource.nonce.length !== 12 || sealed.length <= TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'))
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** `plaintext` sealed as WeChat Pay seals a notification's resource (the stand-in's side). */
export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string, originalType: string): EncryptedResource {
  const key = aesKey(apiV3Key)
  if (!key) throw new Error('the APIv3 key must be 32 bytes')
  const nonce = randomBytes(9).toString('base64url').slice(0, 12)
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associatedData, nonce, original_type: originalType }
}
