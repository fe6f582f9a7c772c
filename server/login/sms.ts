import { randomInt } from 'node:crypto'
import type { Statement } from 'better-sqlite3'
import { SMS_RESEND_INTERVAL_MS } from '../../types/login'
import { LegacyAttemptCounter } from '../core/attempts'
import type { AttemptLimit } from '../core/attempts'
import type { Db } from '../core/db'

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

/** The SMS verification codes, one live code per phone and country code. */
export class SmsCodeRepository {
  private readonly byPhone: Statement<[string, string], SmsRecord>
  private readonly upsert: Statement<[string, string, string, number]>
  private readonly wrongAttempt: Statement<[string, string]>
  private readonly remove: Statement<[string, string]>
  private readonly attempts: LegacyAttemptCounter

  constructor(private readonly db: Db) {
    this.attempts = new LegacyAttemptCounter(db)
    this.byPhone = db.prepare(
      'SELECT code, sent_at AS sentAt, attempts FROM sms_codes WHERE phone = ? AND inter_code = ?',
    )
    this.upsert = db.prepare(`
      INSERT INTO sms_codes (phone, inter_code, code, sent_at, attempts) VALUES (?, ?, ?, ?, 0)
      ON CONFLICT (phone, inter_code) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at, attempts = 0`)
    this.wrongAttempt = db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE phone = ? AND inter_code = ?')
    this.remove = db.prepare('DELETE FROM sms_codes WHERE phone = ? AND inter_code = ?')
  }

  /**
   * A new six-digit code replacing the previous one, for a phone in its normalised form
   * (rules.ts `normalisePhone`) asked for by `client` (its address), unless the previous one is
   * under a minute old or the client or the phone is over its limit.
   */
  issue(phone: string, interCode: string, client: string, now: number): SmsIssue {
    const clientBucket = `sms:client:${client}`
    const phoneBucket = `sms:phone:${interCode}:${phone}`
    return this.db
      .transaction((): SmsIssue => {
        const waitMs = Math.max(
          this.attempts.waitMs(clientBucket, SMS_CLIENT_LIMIT, now),
          this.attempts.waitMs(phoneBucket, SMS_PHONE_DAILY_LIMIT, now),
        )
        if (waitMs > 0) return { sent: false, reason: 'tooMany', waitMs }
        const last = this.byPhone.get(phone, interCode)
        if (last && now - last.sentAt < SMS_RESEND_INTERVAL_MS) return { sent: false, reason: 'tooSoon' }
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
        this.upsert.run(phone, interCode, code, now)
        this.attempts.add(
          [
            { bucket: clientBucket, windowMs: SMS_CLIENT_LIMIT.windowMs },
            { bucket: phoneBucket, windowMs: SMS_PHONE_DAILY_LIMIT.windowMs },
          ],
          now,
        )
        return { sent: true, code }
      })
      .immediate()
  }

  /**
   * Whether `vcode` is the live code of that phone. A right code is used up; a wrong one counts
   * against the code, which is void after SMS_MAX_ATTEMPTS wrong tries or SMS_CODE_TTL_MS.
   */
  verify(phone: string, interCode: string, vcode: string, now: number): boolean {
    return this.db.transaction((): boolean => {
      const live = this.byPhone.get(phone, interCode)
      if (!live || now - live.sentAt >= SMS_CODE_TTL_MS || live.attempts >= SMS_MAX_ATTEMPTS) return false
      if (live.code !== vcode) {
        this.wrongAttempt.run(phone, interCode)
        return false
      }
      this.remove.run(phone, interCode)
      return true
    }).immediate()
  }

  /** The live code of a phone (development endpoint for tests). */
  last(phone: string, interCode: string): string | undefined {
    return this.byPhone.get(phone, interCode)?.code
  }
}
