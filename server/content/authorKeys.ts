/**
 * The authoring API's authentication (docs/EXPORT_FORMAT.md, "The authoring API"). An operator
 * issues an author a key (npm run author-token): an Ed25519 key pair whose private half is the
 * author's token, shown once and never stored; the database keeps the public half, so neither a
 * leaked database nor a request caught in transit can sign anything. Each request is signed over
 * its method, path and query, a timestamp, a nonce and the sha-256 of its body:
 *  - a stolen URL or body without its signature is refused;
 *  - a whole request sent again is refused: its nonce is remembered in the database (every worker
 *    and machine sees it) for as long as its timestamp is inside the accepted window, and a
 *    request whose timestamp is outside the window is refused whatever its nonce.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto'
import { OperatorRefusal } from '../core/operatorTexts'
import type { Db } from '../core/sql'
import { said, sayIn } from './format'
import type { Said } from './format'

/** How far a request's timestamp may be from the server's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000

export const AUTH_HEADERS = {
  key: 'x-lesson-key',
  timestamp: 'x-lesson-timestamp',
  nonce: 'x-lesson-nonce',
  signature: 'x-lesson-signature',
  /** the body's sha-256 (lowercase hex), which the signature covers: checked before the body is read */
  contentSha256: 'x-lesson-content-sha256',
} as const

/** The text a request's signature covers. */
export function signingText(method: string, pathAndQuery: string, timestamp: string, nonce: string, bodySha256: string): string {
  return [method.toUpperCase(), pathAndQuery, timestamp, nonce, bodySha256].join('\n')
}

export const sha256Hex = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex')

/** A token: `<keyId>.<the private key, PKCS #8 DER, base64url>`. */
function parseToken(token: string): { keyId: string; der: Buffer } {
  const dot = token.indexOf('.')
  if (dot <= 0) throw new Error('an author token is <keyId>.<key>')
  return { keyId: token.slice(0, dot), der: Buffer.from(token.slice(dot + 1), 'base64url') }
}

/** The headers that sign one request with an author's token (what the chat app does; tests and the bench use it too). */
export function signedHeaders(
  token: string,
  method: string,
  pathAndQuery: string,
  body: Buffer | string,
  now: number = Date.now(),
  nonce: string = randomBytes(18).toString('base64url'),
): Record<string, string> {
  const { keyId, der } = parseToken(token)
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
  const timestamp = String(now)
  const bodySha256 = sha256Hex(body)
  const signature = sign(null, Buffer.from(signingText(method, pathAndQuery, timestamp, nonce, bodySha256)), key)
  return {
    [AUTH_HEADERS.contentSha256]: bodySha256,
    [AUTH_HEADERS.key]: keyId,
    [AUTH_HEADERS.timestamp]: timestamp,
    [AUTH_HEADERS.nonce]: nonce,
    [AUTH_HEADERS.signature]: signature.toString('base64url'),
  }
}

/** Why a request is not accepted (HTTP 401), in the catalogue's words. */
export class AuthRefusal extends Error {
  constructor(readonly why: Said) {
    super(sayIn('en', why))
  }
}

export interface Signer {
  keyId: string
  wmid: string
}

export class AuthorKeys {
  constructor(private readonly db: Db) {}

  /** A new key for `wmid` (who must be a user); its token, which is never stored. */
  async issue(wmid: string, now: number): Promise<{ keyId: string; token: string }> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const keyId = `k${randomBytes(9).toString('base64url')}`
    const user = await this.db.one('SELECT 1 AS found FROM users WHERE wmid = ?', [wmid])
    if (!user) throw new OperatorRefusal('authorTokenNoUser', { wmid })
    await this.db.run('INSERT INTO author_keys (key_id, wmid, public_key, created_at) VALUES (?, ?, ?, ?)', [
      keyId,
      wmid,
      publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      now,
    ])
    return { keyId, token: `${keyId}.${privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url')}` }
  }

  /** Revokes a key: requests it signs are refused from now on. False when there is no such key in use. */
  async revoke(keyId: string, now: number): Promise<boolean> {
    return (await this.db.run('UPDATE author_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL', [now, keyId])) === 1
  }

  list(wmid: string): Promise<Array<{ keyId: string; createdAt: number; revokedAt: number | null }>> {
    return this.db.all('SELECT key_id AS "keyId", created_at AS "createdAt", revoked_at AS "revokedAt" FROM author_keys WHERE wmid = ? ORDER BY created_at', [wmid])
  }

  /**
   * The author a request speaks for, or an AuthRefusal. The nonce is remembered only once the
   * signature is good, so nobody without a key can fill the table.
   */
  async verify(headers: Readonly<Record<string, string | string[] | undefined>>, method: string, pathAndQuery: string, bodySha256: string, now: number): Promise<Signer> {
    const header = (name: string): string => {
      const value = headers[name]
      if (typeof value !== 'string' || value === '') throw new AuthRefusal(said('contentAuthHeaderMissing', { name }))
      return value
    }
    const keyId = header(AUTH_HEADERS.key)
    const timestamp = header(AUTH_HEADERS.timestamp)
    const nonce = header(AUTH_HEADERS.nonce)
    const signature = header(AUTH_HEADERS.signature)
    if (!/^\d{1,15}$/.test(timestamp)) throw new AuthRefusal(said('contentAuthTimestamp', { name: AUTH_HEADERS.timestamp }))
    if (Math.abs(Number(timestamp) - now) > SIGNATURE_WINDOW_MS) throw new AuthRefusal(said('contentAuthClock', { name: AUTH_HEADERS.timestamp, seconds: SIGNATURE_WINDOW_MS / 1000 }))
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw new AuthRefusal(said('contentAuthNonce', { name: AUTH_HEADERS.nonce }))
    const key = await this.db.one<{ wmid: string; publicKey: string; revokedAt: number | null }>(
      'SELECT wmid, public_key AS "publicKey", revoked_at AS "revokedAt" FROM author_keys WHERE key_id = ?',
      [keyId],
    )
    if (!key || key.revokedAt !== null) throw new AuthRefusal(said('contentAuthKey'))
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' })
    const good = verify(null, Buffer.from(signingText(method, pathAndQuery, timestamp, nonce, bodySha256)), publicKey, Buffer.from(signature, 'base64url'))
    if (!good) throw new AuthRefusal(said('contentAuthSignature'))
    await this.db.run('DELETE FROM request_nonces WHERE expires_at < ?', [now])
    const fresh = await this.db.run('INSERT INTO request_nonces (key_id, nonce, expires_at) VALUES (?, ?, ?) ON CONFLICT (key_id, nonce) DO NOTHING', [
      keyId,
      nonce,
      Number(timestamp) + SIGNATURE_WINDOW_MS,
    ])
    if (fresh !== 1) throw new AuthRefusal(said('contentAuthReplayed'))
    return { keyId, wmid: key.wmid }
  }
}
