import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../core/sql'
import type { OutsideFetch } from '../fetch'
import { jsapiTicket, stableToken, type Expiring } from './client'

/**
 * The JS-SDK ticket that signs share configs, cached where every worker of every machine finds
 * it: the app's database (table `wechat_jsapi`, server/share/migrations.ts). The database rather
 * than Redis because every deployment has one and every worker and machine already shares it,
 * with or without REDIS_URL; the cache is read once per worker per refresh (the ticket is kept in
 * memory until its refresh window begins), so it costs the database nothing that matters.
 *
 * Refreshed before it expires: from REFRESH_AHEAD_MS before its end, the first request takes the
 * refresh lease (one conditional UPDATE, so one refresher at a time across workers and
 * machines) and fetches a new token and ticket; the others keep signing with the current ticket.
 * A refresh that fails is logged and keeps the still-valid ticket, and is tried again after
 * RETRY_AFTER_MS. Only when there is no valid ticket at all (the first request of a deployment)
 * do requests wait for the refresher, up to WAIT_MS.
 */
export const REFRESH_AHEAD_MS = 10 * 60_000
/** How long a refresher holds the lease: past its two calls' time-outs. */
export const LEASE_MS = 25_000
/** After a failed refresh, how long before another is tried (WeChat limits the calls a day). */
export const RETRY_AFTER_MS = 30_000
export const WAIT_MS = 10_000
const POLL_MS = 100

interface Row {
  accessToken: string
  tokenExpiresAt: number
  ticket: string
  ticketExpiresAt: number
}

export class JsapiTicketUnavailable extends Error {}

export interface JsapiTicketSourceOptions {
  db: Db
  send: OutsideFetch
  /** WeChat's API base (https://api.weixin.qq.com), or its stand-in's path */
  apiBase: string
  app: { appId: string; appSecret: string }
  log: FastifyBaseLogger
  clock?: () => number
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export class JsapiTicketSource {
  private memo: Expiring | undefined
  private readonly clock: () => number

  constructor(private readonly options: JsapiTicketSourceOptions) {
    this.clock = options.clock ?? Date.now
  }

  /** A ticket valid now; JsapiTicketUnavailable when WeChat gives none and none is left. */
  async ticket(): Promise<string> {
    const deadline = this.clock() + WAIT_MS
    for (;;) {
      const now = this.clock()
      if (this.memo && now < this.memo.expiresAt - REFRESH_AHEAD_MS) return this.memo.value
      const row = await this.read()
      const valid = row && row.ticket !== '' && now < row.ticketExpiresAt ? { value: row.ticket, expiresAt: row.ticketExpiresAt } : undefined
      if (valid && now < valid.expiresAt - REFRESH_AHEAD_MS) {
        this.memo = valid
        return valid.value
      }
      if (await this.takeLease(now)) return this.refresh(row, valid, now)
      // another worker is refreshing: the current ticket still signs; without one, wait for theirs
      if (valid) return valid.value
      if (this.clock() >= deadline) throw new JsapiTicketUnavailable('no JS-SDK ticket: the refresh did not finish in time')
      await pause(POLL_MS)
    }
  }

  private read(): Promise<Row | undefined> {
    return this.options.db.one<Row>(
      `SELECT access_token AS "accessToken", token_expires_at AS "tokenExpiresAt", ticket, ticket_expires_at AS "ticketExpiresAt"
       FROM wechat_jsapi WHERE app_id = ?`,
      [this.options.app.appId],
    )
  }

  /**
   * Whether this worker holds the refresh lease now: one conditional UPDATE, won by one caller, and
   * only while the stored ticket still needs refreshing (another worker may have just refreshed it
   * since this one read it).
   */
  private async takeLease(now: number): Promise<boolean> {
    const { db, app } = this.options
    await db.run('INSERT INTO wechat_jsapi (app_id) VALUES (?) ON CONFLICT (app_id) DO NOTHING', [app.appId])
    const taken = await db.run(
      'UPDATE wechat_jsapi SET refreshing_until = ? WHERE app_id = ? AND refreshing_until <= ? AND ticket_expires_at <= ?',
      [now + LEASE_MS, app.appId, now, now + REFRESH_AHEAD_MS],
    )
    return taken === 1
  }

  private async refresh(row: Row | undefined, valid: Expiring | undefined, now: number): Promise<string> {
    const { db, send, apiBase, app, log } = this.options
    try {
      // a stable token with its own refresh window left is reused; it is the same for every caller
      const token =
        row && row.accessToken !== '' && now < row.tokenExpiresAt - REFRESH_AHEAD_MS
          ? { value: row.accessToken, expiresAt: row.tokenExpiresAt }
          : await stableToken(send, apiBase, app, now)
      const ticket = await jsapiTicket(send, apiBase, token.value, this.clock())
      await db.run(
        `UPDATE wechat_jsapi SET access_token = ?, token_expires_at = ?, ticket = ?, ticket_expires_at = ?, refreshing_until = 0 WHERE app_id = ?`,
        [token.value, token.expiresAt, ticket.value, ticket.expiresAt, app.appId],
      )
      this.memo = ticket
      return ticket.value
    } catch (error) {
      await db.run('UPDATE wechat_jsapi SET refreshing_until = ? WHERE app_id = ?', [this.clock() + RETRY_AFTER_MS, app.appId])
      log.error({ err: error, keptTicketUntil: valid ? new Date(valid.expiresAt).toISOString() : null }, 'the JS-SDK ticket could not be refreshed')
      if (valid) return valid.value
      throw new JsapiTicketUnavailable(error instanceof Error ? error.message : String(error))
    }
  }
}
