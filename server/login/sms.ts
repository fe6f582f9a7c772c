import { randomInt } from 'node:crypto'
import { SMS_RESEND_INTERVAL_MS } from '../../types/login'
import { AttemptCounter } from '../core/attempts'
import type { AttemptLimit } from '../core/attempts'
import type { Db, Queryable } from '../core/sql'

/** A code stays usable for ten minutes and survives five wrong guesses (1 in 200,000 odds). */
export const SMS_CODE_TTL_MS = 10 * 60_000
export const SMS_MAX_ATTEMPTS = 5

/**
 * Codes one client (address) may have sent, to any phones: one household behind one address
 * needs a few, a script sending codes to a list of numbers is stopped at this.
 */
export const SMS_CLIENT_LIMIT: AttemptLimit = { max: 10, windowMs: 3600_000 }
/** Codes one phone may receive in a day, beyond the one a minute of SMS_RESEND_INTERVAL_MS. */
export const SMS_PHONE_DAILY_LIMIT: AttemptLimit = { max: 10, windowMs: 24 * 3600_000 }

interface SmsRecord {
  code: string
  sentAt: number
  attempts: number
}

/** `tooSoon`: the phone's last code is under a minute old; `tooMany`: a client or daily limit, for `waitMs`. */
export type SmsIssue = { sent: true; code: string } | { sent: false; reason: 'tooSoon' } | { sent: false; reason: 'tooMany'; waitMs: number }

const byPhone = (q: Queryable, phone: string, interCode: string): Promise<SmsRecord | undefined> =>
  q.one<SmsRecord>('SELECT code, sent_at AS "sentAt", attempts FROM sms_codes WHERE phone = ? AND inter_code = ?', [phone, interCode])

/** The SMS verification codes, one live code per phone and country code. */
export class SmsCodeRepository {
  private readonly attempts = new AttemptCounter()

  constructor(private readonly db: Db) {}

  /**
   * A new six-digit code replacing the previous one, for a phone in its normalised form
   * (rules.ts `normalisePhone`) asked for by `client` (its address), unless the previous one is
   * under a minute old or the client or the phone is over its limit. The limits' check and count
   * and the code are one transaction, so concurrent requests send exactly the limit.
   */
  issue(phone: string, interCode: string, client: string, now: number): Promise<SmsIssue> {
    const clientBucket = `sms:client:${client}`
    const phoneBucket = `sms:phone:${interCode}:${phone}`
    // drawn once, outside the transaction's work, which may run again
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    return this.db.transaction(async (tx): Promise<SmsIssue> => {
      const clientWait = await this.attempts.waitMs(tx, clientBucket, SMS_CLIENT_LIMIT, now)
      const phoneWait = await this.attempts.waitMs(tx, phoneBucket, SMS_PHONE_DAILY_LIMIT, now)
      const waitMs = Math.max(clientWait, phoneWait)
      if (waitMs > 0) return { sent: false, reason: 'tooMany', waitMs }
      const last = await byPhone(tx, phone, interCode)
      if (last && now - last.sentAt < SMS_RESEND_INTERVAL_MS) return { sent: false, reason: 'tooSoon' }
      await tx.run(
        `INSERT INTO sms_codes (phone, inter_code, code, sent_at, attempts) VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (phone, inter_code) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at, attempts = 0`,
        [phone, interCode, code, now],
      )
      await this.attempts.add(
        tx,
        [
          { bucket: clientBucket, windowMs: SMS_CLIENT_LIMIT.windowMs },
          { bucket: phoneBucket, windowMs: SMS_PHONE_DAILY_LIMIT.windowMs },
        ],
        now,
      )
      return { sent: true, code }
    })
  }

  /**
   * Whether `vcode` is the live code of that phone. A right code is used up; a wrong one counts
   * against the code, which is void after SMS_MAX_ATTEMPTS wrong tries or SMS_CODE_TTL_MS.
   */
  verify(phone: string, interCode: string, vcode: string, now: number): Promise<boolean> {
    return this.db.transaction((tx) => consumeSmsCode(tx, phone, interCode, vcode, now))
  }

  /**
   * Takes back a code the provider did not deliver, unless a newer one replaced it: nobody can
   * type it, and the phone may ask again at once. The limits keep what it counted.
   */
  async withdraw(phone: string, interCode: string, code: string): Promise<void> {
    await this.db.run('DELETE FROM sms_codes WHERE phone = ? AND inter_code = ? AND code = ?', [phone, interCode, code])
  }

  /** The live code of a phone (development endpoint for tests). */
  async last(phone: string, interCode: string): Promise<string | undefined> {
    return (await byPhone(this.db, phone, interCode))?.code
  }
}

/**
 * `SmsCodeRepository.verify`'s work on `q`: the caller's transaction, when what the code allows
 * belongs with using it up (the payout agreement is signed in the same transaction).
 */
export async function consumeSmsCode(q: Queryable, phone: string, interCode: string, vcode: string, now: number): Promise<boolean> {
  const live = await byPhone(q, phone, interCode)
  if (!live || now - live.sentAt >= SMS_CODE_TTL_MS || live.attempts >= SMS_MAX_ATTEMPTS) return false
  if (live.code !== vcode) {
    await q.run('UPDATE sms_codes SET attempts = attempts + 1 WHERE phone = ? AND inter_code = ?', [phone, interCode])
    return false
  }
  await q.run('DELETE FROM sms_codes WHERE phone = ? AND inter_code = ?', [phone, interCode])
  return true
}
