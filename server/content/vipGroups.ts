/**
 * The VIP campaign's data through the content area (spec 000 §2 VIP exchange): an owner's groups
 * with their member counts (which the quota table turns into VIP quotas) and the exchange link
 * (`/vipExchange/<data>`) the chat app sends the owner. The campaign's dates, thresholds and
 * quotas are the spec's constants (src/domain/vip.ts), not data.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../core/sql'
import { ExportError, said } from './format'
import type { Said } from './format'

const AT = said('contentAtVipGroup')

function refuse(field: string, why: Said): never {
  throw new ExportError({ at: AT, field }, why)
}

export interface VipGroupInput {
  groupId: string
  name: string
  memberCount: number
}

export function readVipGroup(value: unknown): VipGroupInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('(body)', said('contentNotObject'))
  const { groupId, name, memberCount } = value as Record<string, unknown>
  if (typeof groupId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(groupId)) refuse('groupId', said('contentHandleLength'))
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100) refuse('name', said('contentLength', { min: 1, max: 100 }))
  if (typeof memberCount !== 'number' || !Number.isSafeInteger(memberCount) || memberCount < 0 || memberCount > 100_000) {
    refuse('memberCount', said('contentWholeRange', { min: 0, max: 100_000 }))
  }
  return { groupId, name, memberCount }
}

/**
 * Writes the owner's group (new, or its name and member count now) and answers its exchange link's
 * handle, made once per group. A group of another owner is refused.
 */
export function putVipGroup(db: Db, owner: string, group: VipGroupInput): Promise<{ groupId: string; data: string }> {
  return db.transaction(async (tx) => {
    const earlier = await tx.one<{ owner: string }>('SELECT owner_wmid AS owner FROM vip_groups WHERE group_id = ?', [group.groupId])
    if (earlier && earlier.owner !== owner) refuse('groupId', said('contentOtherOwnersGroup', { gid: group.groupId }))
    if (earlier) {
      await tx.run('UPDATE vip_groups SET name = ?, member_count = ? WHERE group_id = ?', [group.name, group.memberCount, group.groupId])
    } else {
      await tx.run('INSERT INTO vip_groups (group_id, name, owner_wmid, member_count) VALUES (?, ?, ?, ?)', [group.groupId, group.name, owner, group.memberCount])
    }
    const link = await tx.one<{ data: string }>('SELECT data FROM vip_links WHERE group_id = ? AND wmid = ?', [group.groupId, owner])
    if (link) return { groupId: group.groupId, data: link.data }
    const data = `v${randomBytes(12).toString('base64url')}`
    await tx.run('INSERT INTO vip_links (data, wmid, group_id) VALUES (?, ?, ?)', [data, owner, group.groupId])
    return { groupId: group.groupId, data }
  })
}
