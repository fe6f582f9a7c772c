import { slotNumbers, vipQuotaForGroupSize, vipUntilAfterRedeem } from '../../src/domain/vip'
import type { VipIneligibility, VipRefusal } from '../../types/vip'
import type { Db } from '../core/db'
import { ineligibility } from './rules'

/** A campaign link: whose it is and the group it is about. */
export interface LinkRow {
  wmid: string
  groupId: string
  groupName: string
  memberCount: number
}

export interface ExchangeRow {
  wmid: string
  groupId: string
  memberCount: number
  quota: number
}

export interface SlotRow {
  number: number
  friendWmid: string | null
  friendNickname: string | null
  friendFaceIcon: string | null
}

export interface UserRow {
  wmid: string
  nickname: string
  faceIcon: string
}

export type RedeemResult = { slot: SlotRow; vipUntil: number } | VipRefusal | 'noSlot'

/** The campaign's prepared statements; every read-then-write runs in one IMMEDIATE transaction. */
export class VipRepository {
  private readonly linkByData
  private readonly exchangeByWmid
  private readonly exchangeByGroup
  private readonly insertExchange
  private readonly insertSlot
  private readonly slotList
  private readonly slotByNumber
  private readonly slotOfFriend
  private readonly useSlot
  private readonly userById
  private readonly vipUntilOf
  private readonly setVipUntil

  constructor(private readonly db: Db) {
    this.linkByData = db.prepare<[string], LinkRow>(
      `SELECT l.wmid, l.group_id AS groupId, g.name AS groupName, g.member_count AS memberCount
       FROM vip_links l JOIN vip_groups g ON g.group_id = l.group_id WHERE l.data = ?`,
    )
    this.exchangeByWmid = db.prepare<[string], ExchangeRow>(
      'SELECT wmid, group_id AS groupId, member_count AS memberCount, quota FROM vip_exchanges WHERE wmid = ?',
    )
    this.exchangeByGroup = db.prepare<[string], ExchangeRow>(
      'SELECT wmid, group_id AS groupId, member_count AS memberCount, quota FROM vip_exchanges WHERE group_id = ?',
    )
    this.insertExchange = db.prepare(
      'INSERT INTO vip_exchanges (wmid, group_id, member_count, quota, exchanged_at) VALUES (?, ?, ?, ?, ?)',
    )
    this.insertSlot = db.prepare('INSERT INTO vip_slots (owner_wmid, number) VALUES (?, ?)')
    const slotColumns = `s.number, s.friend_wmid AS friendWmid, u.nickname AS friendNickname, u.face_icon AS friendFaceIcon
       FROM vip_slots s LEFT JOIN users u ON u.wmid = s.friend_wmid`
    this.slotList = db.prepare<[string], SlotRow>(`SELECT ${slotColumns} WHERE s.owner_wmid = ? ORDER BY s.number`)
    this.slotByNumber = db.prepare<[string, number], SlotRow>(`SELECT ${slotColumns} WHERE s.owner_wmid = ? AND s.number = ?`)
    this.slotOfFriend = db.prepare<[string, string], { number: number }>(
      'SELECT number FROM vip_slots WHERE owner_wmid = ? AND friend_wmid = ?',
    )
    this.useSlot = db.prepare(
      'UPDATE vip_slots SET friend_wmid = ?, redeemed_at = ? WHERE owner_wmid = ? AND number = ? AND friend_wmid IS NULL',
    )
    this.userById = db.prepare<[string], UserRow>('SELECT wmid, nickname, face_icon AS faceIcon FROM users WHERE wmid = ?')
    this.vipUntilOf = db.prepare<[string], { vipUntil: number }>('SELECT vip_until AS vipUntil FROM vip_members WHERE wmid = ?')
    this.setVipUntil = db.prepare(
      'INSERT INTO vip_members (wmid, vip_until) VALUES (?, ?) ON CONFLICT (wmid) DO UPDATE SET vip_until = excluded.vip_until',
    )
  }

  link(data: string): LinkRow | undefined {
    return this.linkByData.get(data)
  }

  exchangeOf(wmid: string): ExchangeRow | undefined {
    return this.exchangeByWmid.get(wmid)
  }

  /** Why the link's group cannot be exchanged at `campaignNow`; undefined when it can. */
  ineligibility(link: LinkRow, campaignNow: number): VipIneligibility | undefined {
    const groupExchange = this.exchangeByGroup.get(link.groupId)
    return ineligibility({
      campaignNow,
      memberCount: link.memberCount,
      accountExchanged: this.exchangeByWmid.get(link.wmid) !== undefined,
      groupCountedElsewhere: groupExchange !== undefined && groupExchange.wmid !== link.wmid,
    })
  }

  /**
   * Exchanges the link's group: the quota from the member count read in this transaction, one
   * slot per quota unit. The eligibility is decided again inside it, so concurrent confirms on
   * any worker make exactly one exchange.
   */
  exchange(data: string, now: number, campaignNow: number): ExchangeRow | VipIneligibility | 'unknown' {
    return this.db
      .transaction((): ExchangeRow | VipIneligibility | 'unknown' => {
        const link = this.linkByData.get(data)
        if (!link) return 'unknown'
        const refusal = this.ineligibility(link, campaignNow)
        if (refusal) return refusal
        const quota = vipQuotaForGroupSize(link.memberCount)
        this.insertExchange.run(link.wmid, link.groupId, link.memberCount, quota, now)
        for (const number of slotNumbers(quota)) this.insertSlot.run(link.wmid, number)
        return { wmid: link.wmid, groupId: link.groupId, memberCount: link.memberCount, quota }
      })
      .immediate()
  }

  slots(wmid: string): SlotRow[] {
    return this.slotList.all(wmid)
  }

  user(wmid: string): UserRow | undefined {
    return this.userById.get(wmid)
  }

  /**
   * Gives `friend` one year of VIP from slot `number` of `owner` (from now, or added to what they
   * have). One transaction: the slot must be unused and the friend not given one by this owner.
   */
  redeem(owner: string, number: number, friend: string, now: number): RedeemResult {
    return this.db
      .transaction((): RedeemResult => {
        const slot = this.slotByNumber.get(owner, number)
        if (!slot) return 'noSlot'
        if (slot.friendWmid !== null) return 'slotUsed'
        if (this.slotOfFriend.get(owner, friend)) return 'friendHasSlot'
        if (this.useSlot.run(friend, now, owner, number).changes !== 1) return 'slotUsed'
        const vipUntil = vipUntilAfterRedeem(this.vipUntilOf.get(friend)?.vipUntil ?? null, now)
        this.setVipUntil.run(friend, vipUntil)
        return { slot: this.slotByNumber.get(owner, number) as SlotRow, vipUntil }
      })
      .immediate()
  }
}
