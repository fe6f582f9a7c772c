import { SPEC_VIP_CAMPAIGN, readVipCampaignRules, slotNumbers, vipQuotaForGroupSize, vipUntilAfterRedeem } from '../../src/domain/vip'
import type { VipCampaignRules } from '../../src/domain/vip'
import type { VipIneligibility, VipRefusal } from '../../types/vip'
import type { Db, Queryable } from '../core/sql'
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

const EXCHANGE_COLUMNS = 'wmid, group_id AS "groupId", member_count AS "memberCount", quota'
const SLOT_COLUMNS = `s.number, s.friend_wmid AS "friendWmid", u.nickname AS "friendNickname", u.face_icon AS "friendFaceIcon"
  FROM vip_slots s LEFT JOIN users u ON u.wmid = s.friend_wmid`

const linkBy = (q: Queryable, data: string): Promise<LinkRow | undefined> =>
  q.one<LinkRow>(
    `SELECT l.wmid, l.group_id AS "groupId", g.name AS "groupName", g.member_count AS "memberCount"
     FROM vip_links l JOIN vip_groups g ON g.group_id = l.group_id WHERE l.data = ?`,
    [data],
  )

const exchangeBy = (q: Queryable, column: 'wmid' | 'group_id', value: string): Promise<ExchangeRow | undefined> =>
  q.one<ExchangeRow>(`SELECT ${EXCHANGE_COLUMNS} FROM vip_exchanges WHERE ${column} = ?`, [value])

const slotBy = (q: Queryable, owner: string, number: number): Promise<SlotRow | undefined> =>
  q.one<SlotRow>(`SELECT ${SLOT_COLUMNS} WHERE s.owner_wmid = ? AND s.number = ?`, [owner, number])

/** The campaign's rules as the operator last set them (the spec's until then), read on `q`. */
async function campaignOn(q: Queryable): Promise<VipCampaignRules> {
  const row = await q.one<{ rules: string }>('SELECT rules FROM vip_campaign WHERE id = 1')
  let rules: ReturnType<typeof readVipCampaignRules> | undefined
  try {
    rules = row ? readVipCampaignRules(JSON.parse(row.rules) as unknown) : undefined
  } catch {
    rules = undefined
  }
  // the writer stores only rules it read: anything else is a hand edit, and the spec's rules stand
  return rules && 'table' in rules ? rules : SPEC_VIP_CAMPAIGN
}

/** Why the link's group cannot be exchanged at `campaignNow`, read on `q`; undefined when it can. */
async function ineligibilityOn(q: Queryable, link: LinkRow, campaignNow: number): Promise<VipIneligibility | undefined> {
  const groupExchange = await exchangeBy(q, 'group_id', link.groupId)
  return ineligibility({
    campaign: await campaignOn(q),
    campaignNow,
    memberCount: link.memberCount,
    accountExchanged: (await exchangeBy(q, 'wmid', link.wmid)) !== undefined,
    groupCountedElsewhere: groupExchange !== undefined && groupExchange.wmid !== link.wmid,
  })
}

/** The campaign's data; every read-then-write runs in one transaction. */
export class VipRepository {
  constructor(private readonly db: Db) {}

  link(data: string): Promise<LinkRow | undefined> {
    return linkBy(this.db, data)
  }

  exchangeOf(wmid: string): Promise<ExchangeRow | undefined> {
    return exchangeBy(this.db, 'wmid', wmid)
  }

  /** The campaign's rules now: its days and its quota table. */
  campaign(): Promise<VipCampaignRules> {
    return campaignOn(this.db)
  }

  /** The quota a group of `memberCount` members earns by the campaign's table now. */
  async quotaFor(memberCount: number): Promise<number> {
    return vipQuotaForGroupSize(memberCount, (await campaignOn(this.db)).table)
  }

  /** Why the link's group cannot be exchanged at `campaignNow`; undefined when it can. */
  ineligibility(link: LinkRow, campaignNow: number): Promise<VipIneligibility | undefined> {
    return ineligibilityOn(this.db, link, campaignNow)
  }

  /**
   * Exchanges the link's group: the quota from the member count read in this transaction, one
   * slot per quota unit. The eligibility is decided again inside it, so concurrent confirms on
   * any worker or machine make exactly one exchange.
   */
  exchange(data: string, now: number, campaignNow: number): Promise<ExchangeRow | VipIneligibility | 'unknown'> {
    return this.db.transaction(async (tx): Promise<ExchangeRow | VipIneligibility | 'unknown'> => {
      const link = await linkBy(tx, data)
      if (!link) return 'unknown'
      const refusal = await ineligibilityOn(tx, link, campaignNow)
      if (refusal) return refusal
      const quota = vipQuotaForGroupSize(link.memberCount, (await campaignOn(tx)).table)
      await tx.run('INSERT INTO vip_exchanges (wmid, group_id, member_count, quota, exchanged_at) VALUES (?, ?, ?, ?, ?)', [
        link.wmid,
        link.groupId,
        link.memberCount,
        quota,
        now,
      ])
      for (const number of slotNumbers(quota)) await tx.run('INSERT INTO vip_slots (owner_wmid, number) VALUES (?, ?)', [link.wmid, number])
      return { wmid: link.wmid, groupId: link.groupId, memberCount: link.memberCount, quota }
    })
  }

  slots(wmid: string): Promise<SlotRow[]> {
    return this.db.all<SlotRow>(`SELECT ${SLOT_COLUMNS} WHERE s.owner_wmid = ? ORDER BY s.number`, [wmid])
  }

  user(wmid: string): Promise<UserRow | undefined> {
    return this.db.one<UserRow>('SELECT wmid, nickname, face_icon AS "faceIcon" FROM users WHERE wmid = ?', [wmid])
  }

  /**
   * Gives `friend` one year of VIP from slot `number` of `owner` (from now, or added to what they
   * have). One transaction: the slot must be unused and the friend not given one by this owner.
   */
  redeem(owner: string, number: number, friend: string, now: number): Promise<RedeemResult> {
    return this.db.transaction(async (tx): Promise<RedeemResult> => {
      const slot = await slotBy(tx, owner, number)
      if (!slot) return 'noSlot'
      if (slot.friendWmid !== null) return 'slotUsed'
      if (await tx.one('SELECT number FROM vip_slots WHERE owner_wmid = ? AND friend_wmid = ?', [owner, friend])) return 'friendHasSlot'
      const used = await tx.run('UPDATE vip_slots SET friend_wmid = ?, redeemed_at = ? WHERE owner_wmid = ? AND number = ? AND friend_wmid IS NULL', [
        friend,
        now,
        owner,
        number,
      ])
      if (used !== 1) return 'slotUsed'
      const member = await tx.one<{ vipUntil: number }>('SELECT vip_until AS "vipUntil" FROM vip_members WHERE wmid = ?', [friend])
      const vipUntil = vipUntilAfterRedeem(member?.vipUntil ?? null, now)
      await tx.run('INSERT INTO vip_members (wmid, vip_until) VALUES (?, ?) ON CONFLICT (wmid) DO UPDATE SET vip_until = excluded.vip_until', [
        friend,
        vipUntil,
      ])
      return { slot: (await slotBy(tx, owner, number)) as SlotRow, vipUntil }
    })
  }
}
