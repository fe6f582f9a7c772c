import type { Statement } from 'better-sqlite3'
import type { Db } from '../core/db'
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

const ORDER_COLUMNS = `o.order_no AS orderNO, o.password, o.gid, p.inviter_wmid AS inviterWmid, o.total_fee AS totalFee, o.status`

/** QR-code invites and their requests, invite passwords, groups, watermark accounts, group orders. */
export class InviteRepository {
  private readonly inviteBy: Statement<[string], QrInvite>
  private readonly recordRequest: Statement<[string, string | null, string | null, number]>
  private readonly groupBy: Statement<[string], InviteGroup>
  private readonly inviterBy: Statement<[string], InviterRecord>
  private readonly passwordOf: Statement<[string, string | null], { password: string }>
  private readonly passwordBy: Statement<[string], { password: string; gid: string | null; inviterWmid: string }>
  private readonly accountBy: Statement<[string], { phone: string | null; interCode: string | null; vipQuota: number }>
  private readonly bindAccount: Statement<[string, string, number, number, string]>
  private readonly orderByPassword: Statement<[string], GroupOrderRecord>
  private readonly orderByNo: Statement<[string], GroupOrderRecord>
  private readonly insertOrder: Statement<[string, string, string, number, number]>
  private readonly payOrder: Statement<[number, string]>

  constructor(private readonly db: Db) {
    this.inviteBy = db.prepare('SELECT data, inviter_wmid AS inviterWmid, gid FROM qr_invites WHERE data = ?')
    this.recordRequest = db.prepare(
      'INSERT INTO invite_requests (data, message, wsid, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (data) DO NOTHING',
    )
    this.groupBy = db.prepare(`SELECT gid, owner_wmid AS ownerWmid, name, head_img AS headImg, introduction, condition, fee
      FROM invite_groups WHERE gid = ?`)
    this.inviterBy = db.prepare('SELECT nickname, face_icon AS faceIcon FROM users WHERE wmid = ?')
    this.passwordOf = db.prepare(
      'SELECT password FROM invite_passwords WHERE inviter_wmid = ? AND gid IS ? ORDER BY created_at, password LIMIT 1',
    )
    this.passwordBy = db.prepare('SELECT password, gid, inviter_wmid AS inviterWmid FROM invite_passwords WHERE password = ?')
    this.accountBy = db.prepare(
      'SELECT phone, inter_code AS interCode, vip_quota AS vipQuota FROM watermark_accounts WHERE wsid = ?',
    )
    this.bindAccount = db.prepare(`UPDATE watermark_accounts
      SET phone = ?, inter_code = ?, vip_quota = max(vip_quota, ?), bound_at = coalesce(bound_at, ?) WHERE wsid = ?`)
    this.orderByPassword = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM group_orders o JOIN invite_passwords p USING (password) WHERE o.password = ?`,
    )
    this.orderByNo = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM group_orders o JOIN invite_passwords p USING (password) WHERE o.order_no = ?`,
    )
    this.insertOrder = db.prepare(
      'INSERT INTO group_orders (order_no, password, gid, total_fee, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    this.payOrder = db.prepare('UPDATE group_orders SET status = 1, paid_at = ? WHERE order_no = ? AND status = 0')
  }

  invite(data: string): QrInvite | undefined {
    return this.inviteBy.get(data)
  }

  group(gid: string): InviteGroup | undefined {
    return this.groupBy.get(gid)
  }

  inviter(wmid: string): InviterRecord | undefined {
    return this.inviterBy.get(wmid)
  }

  /** The inviter's invite password for a friend invite (gid null) or one of their groups. */
  passwordFor(inviterWmid: string, gid: string | null): string | undefined {
    return this.passwordOf.get(inviterWmid, gid)?.password
  }

  password(password: string): { password: string; gid: string | null; inviterWmid: string } | undefined {
    return this.passwordBy.get(password)
  }

  /** Records the request on an invite; a repeat keeps the first one (message included). */
  request(data: string, message: string | null, now: number): void {
    this.recordRequest.run(data, message, null, now)
  }

  /**
   * Ties a watermark-camera account to the phone, credits its VIP quota once and records the
   * invite's request once, in one transaction. The same phone binding again changes nothing.
   */
  bindWatermark(data: string, wsid: string, phone: string, interCode: string, now: number): WatermarkOutcome {
    return this.db
      .transaction((): WatermarkOutcome => {
        const account = this.accountBy.get(wsid)
        if (!account) return { outcome: 'unknown-account' }
        if (account.phone !== null && (account.phone !== phone || account.interCode !== interCode)) {
          return { outcome: 'bound-elsewhere' }
        }
        this.bindAccount.run(phone, interCode, WATERMARK_VIP_QUOTA, now, wsid)
        this.recordRequest.run(data, null, wsid, now)
        return { outcome: 'bound', vipQuota: Math.max(account.vipQuota, WATERMARK_VIP_QUOTA) }
      })
      .immediate()
  }

  /** The password's order, created unpaid if it has none: one order per invite password. */
  openOrder(password: string, gid: string, totalFee: number, now: number): GroupOrderRecord {
    return this.db
      .transaction((): GroupOrderRecord => {
        const existing = this.orderByPassword.get(password)
        if (existing) return existing
        const orderNO = `G${now}${randomToken(4)}`
        this.insertOrder.run(orderNO, password, gid, totalFee, now)
        return this.orderByNo.get(orderNO) as GroupOrderRecord
      })
      .immediate()
  }

  order(orderNO: string): GroupOrderRecord | undefined {
    return this.orderByNo.get(orderNO)
  }

  /** Marks the order paid; paying again changes nothing. */
  pay(orderNO: string, now: number): GroupOrderRecord | undefined {
    return this.db
      .transaction((): GroupOrderRecord | undefined => {
        this.payOrder.run(now, orderNO)
        return this.orderByNo.get(orderNO)
      })
      .immediate()
  }
}
