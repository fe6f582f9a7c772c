import { createHash, createHmac } from 'node:crypto'

/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256, exactly as Tencent's "Signature v3"
 * document defines it (checked against its published example, test/server/tencentSms.test.ts).
 * Only what our POST JSON calls need: the canonical URI `/`, no query string, and the two
 * signed headers `content-type` and `host`.
 */
export const TC3_ALGORITHM = 'TC3-HMAC-SHA256'
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8'

export interface Tc3Input {
  secretId: string
  secretKey: string
  /** the product, as in its domain: `sms` for sms.tencentcloudapi.com */
  service: string
  /** the Host header the request is sent with */
  host: string
  /** X-TC-Timestamp: Unix seconds */
  timestamp: number
  /** the exact body bytes sent, as text */
  payload: string
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: string | Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest()

/** The UTC day of a timestamp, `YYYY-MM-DD`: the credential scope's date (never the local one). */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10)
}

/** The canonical request of a POST to `/` with a JSON body. */
export function tc3CanonicalRequest({ host, payload }: Pick<Tc3Input, 'host' | 'payload'>): string {
  const headers = `content-type:${TC3_CONTENT_TYPE}\nhost:${host.toLowerCase()}\n`
  return ['POST', '/', '', headers, 'content-type;host', sha256Hex(payload)].join('\n')
}

/** The string to sign: algorithm, timestamp, credential scope, hash of the canonical request. */
export function tc3StringToSign(input: Omit<Tc3Input, 'secretId' | 'secretKey'>): string {
  const scope = `${tc3Date(input.timestamp)}/${input.service}/tc3_request`
  return [TC3_ALGORITHM, String(input.timestamp), scope, sha256Hex(tc3CanonicalRequest(input))].join('\n')
}

/** The signature: HMAC-SHA256 with the key derived from the SecretKey, the date and the service. */
export function tc3Signature(input: Omit<Tc3Input, 'secretId'>): string {
  const secretDate = hmac(`TC3${input.secretKey}`, tc3Date(input.timestamp))
  const secretService = hmac(secretDate, input.service)
  const secretSigning = hmac(secretService, 'tc3_request')
  return createHmac('sha256', secretSigning).update(tc3StringToSign(input), 'utf8').digest('hex')
}

/** The Authorization header of a signed request. */
export function tc3Authorization(input: Tc3Input): string {
  const scope = `${tc3Date(input.timestamp)}/${input.service}/tc3_request`
  return `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${tc3Signature(input)}`
}

/** An Authorization header's parts, or undefined when it is not a TC3 one. */
export function parseTc3Authorization(header: string): { secretId: string; date: string; service: string; signedHeaders: string; signature: string } | undefined {
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(header)
  if (!match) return undefined
  const [, secretId, date, service, signedHeaders, signature] = match
  return { secretId, date, service, signedHeaders, signature }
}
