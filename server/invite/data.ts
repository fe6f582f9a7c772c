import type { Db, Queryable } from '../core/sql'
import { randomToken } from '../core/wechat'

export interface QrInvite {
  data: string
  inviterWmid: string
  gid: string | null
}

export interface InviteGroup {
  gid: string
  ownerWmid: string
  name: string
  headImg: string
  introduction: string
  condition: string
  /** fen */
  fee: number
}

export interface InviterRecord {
  nickname: string
  faceIcon: string
}

export interface InvitePassword {
  password: string
  gid: string | null
  inviterWmid: string
}

export interface GroupOrderRecord {
  orderNO: string
  password: string
  gid: string
  inviterWmid: string
  totalFee: number
  status: 0 | 1
}

/** What a watermark-camera bind did (the request and the quota are recorded at most once). */
export type WatermarkOutcome =
  | { outcome: 'unknown-account' }
  | { outcome: 'bound-elsewhere' }
  | { outcome: 'bound'; vipQuota: number }

/** The VIP quota one invitation credits to a watermark-camera account (once per account). */
export const WATERMARK_VIP_QUOTA = 1

const ORDER_COLUMNS = `o.order_no AS "orderNO", o.password, o.gid, p.inviter_wmid AS "inviterWmid", o.total_fee AS "totalFee", o.status`

const orderBy = (q: Queryable, column: 'order_no' | 'password', value: string): Promise<GroupOrderRecord | undefined> =>
  q.one<GroupOrderRecord>(`SELECT ${ORDER_COLUMNS} FROM group_orders o JOIN invite_passwords p USING (password) WHERE o.${column} = ?`, [value])

/** A repeated request keeps the first one (message included). */
const recordRequest = (q: Queryable, data: string, message: string | null, wsid: string | null, now: number): Promise<number> =>
  q.run('INSERT INTO invite_requests (data, message, wsid, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (data) DO NOTHING', [data, message, wsid, now])

/** QR-code invites and their requests, invite passwords, groups, watermark accounts, group orders. */
export class InviteRepository {
  constructor(private readonly db: Db) {}

  invite(data: string): Promise<QrInvite | undefined> {
    return this.db.one<QrInvite>('SELECT data, inviter_wmid AS "inviterWmid", gid FROM qr_invites WHERE data = ?', [data])
  }

  group(gid: string): Promise<InviteGroup | undefined> {
    return this.db.one<InviteGroup>(
      `SELECT gid, owner_wmid AS "ownerWmid", name, head_img AS "headImg", introduction, condition, fee FROM invite_groups WHERE gid = ?`,
      [gid],
    )
  }

  inviter(wmid: string): Promise<InviterRecord | undefined> {
    return this.db.one<InviterRecord>('SELECT nickname, face_icon AS "faceIcon" FROM users WHERE wmid = ?', [wmid])
  }

  /** The inviter's invite password for a friend invite (gid null) or one of their groups. */
  async passwordFor(inviterWmid: string, gid: string | null): Promise<string | undefined> {
    const order = 'ORDER BY created_at, password LIMIT 1'
    const row =
      gid === null
        ? await this.db.one<{ password: string }>(`SELECT password FROM invite_passwords WHERE inviter_wmid = ? AND gid IS NULL ${order}`, [inviterWmid])
        : await this.db.one<{ password: string }>(`SELECT password FROM invite_passwords WHERE inviter_wmid = ? AND gid = ? ${order}`, [inviterWmid, gid])
    return row?.password
  }

  password(password: string): Promise<InvitePassword | undefined> {
    return this.db.one<InvitePassword>('SELECT password, gid, inviter_wmid AS "inviterWmid" FROM invite_passwords WHERE password = ?', [password])
  }

  /** Records the request on an invite; a repeat keeps the first one (message included). */
  async request(data: string, message: string | null, now: number): Promise<void> {
    await recordRequest(this.db, data, message, null, now)
  }

  /**
   * Ties a watermark-camera account to the phone, credits its VIP quota once and records the
   * invite's request once, in one transaction. The same phone binding again changes nothing.
   */
  bindWatermark(data: string, wsid: string, phone: string, interCode: string, now: number): Promise<WatermarkOutcome> {
    return this.db.transaction(async (tx): Promise<WatermarkOutcome> => {
      const account = await tx.one<{ phone: string | null; interCode: string | null; vipQuota: number }>(
        'SELECT phone, inter_code AS "interCode", vip_quota AS "vipQuota" FROM watermark_accounts WHERE wsid = ?',
        [wsid],
      )
      if (!account) return { outcome: 'unknown-account' }
      if (account.phone !== null && (account.phone !== phone || account.interCode !== interCode)) {
        return { outcome: 'bound-elsewhere' }
      }
      const vipQuota = Math.max(account.vipQuota, WATERMARK_VIP_QUOTA)
      await tx.run('UPDATE watermark_accounts SET phone = ?, inter_code = ?, vip_quota = ?, bound_at = coalesce(bound_at, ?) WHERE wsid = ?', [
        phone,
        interCode,
        vipQuota,
        now,
        wsid,
      ])
      await recordRequest(tx, data, null, wsid, now)
      return { outcome: 'bound', vipQuota }
    })
  }

  /** The password's order, created unpaid if it has none: one order per invite password. */
  openOrder(password: string, gid: string, totalFee: number, now: number): Promise<GroupOrderRecord> {
    // drawn once, outside the transaction's work, which may run again
    const orderNO = `G${now}${randomToken(4)}`
    return this.db.transaction(async (tx): Promise<GroupOrderRecord> => {
      const existing = await orderBy(tx, 'password', password)
      if (existing) return existing
      await tx.run('INSERT INTO group_orders (order_no, password, gid, total_fee, created_at) VALUES (?, ?, ?, ?, ?)', [
        orderNO,
        password,
        gid,
        totalFee,
        now,
      ])
      return (await orderBy(tx, 'order_no', orderNO)) as GroupOrderRecord
    })
  }

  order(orderNO: string): Promise<GroupOrderRecord | undefined> {
    return orderBy(this.db, 'order_no', orderNO)
  }

  /** Marks the order paid; paying again changes nothing. */
  pay(orderNO: string, now: number): Promise<GroupOrderRecord | undefined> {
    return this.db.transaction(async (tx): Promise<GroupOrderRecord | undefined> => {
      await tx.run('UPDATE group_orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0', [now, orderNO])
      return orderBy(tx, 'order_no', orderNO)
    })
  }
}
