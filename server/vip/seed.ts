/**
 * The campaign's demo data (after the users). Campaign links (`data` of /vipExchange/{data}):
 *   vip-eligible   wm_teacher    'Spoken English 1' 655 members: can exchange 10 slots now
 *   vip-exchanged  wm_buyer      'Photo club'       655 members: exchanged, slots 1-2 used
 *                                (wm_teacher, wm_assistant), 3-10 free
 *   vip-small      wm_assistant  'Reading corner'    50 members: too small (50 is not over 50)
 * The owners are the login area's users; any of them is a friend to give VIP to. Only the owner's
 * session exchanges, lists and gives slots: the demo logs in as wm_teacher or wm_buyer for that.
 * The demo checks the window against a day inside it (app.ts `demoCampaignClock`).
 */
import type { Db, Queryable } from '../core/sql'
import { SEEDED_AT } from '../core/seedTime'
import { slotNumbers, vipUntilAfterRedeem } from '../../src/domain/vip'

const GROUPS = [
  { groupId: 'g-english', name: '英语口语一群', owner: 'wm_teacher', members: 655, link: 'vip-eligible' },
  { groupId: 'g-photo', name: '摄影爱好者', owner: 'wm_buyer', members: 655, link: 'vip-exchanged' },
  { groupId: 'g-reading', name: '读书角', owner: 'wm_assistant', members: 50, link: 'vip-small' },
] as const

/** wm_buyer's exchange: 10 slots, the first two given away. */
const USED_SLOTS = [
  { number: 1, friend: 'wm_teacher' },
  { number: 2, friend: 'wm_assistant' },
] as const

export async function seedVip(tx: Queryable): Promise<void> {
  for (const g of GROUPS) {
    await tx.run('INSERT INTO vip_groups (group_id, name, owner_wmid, member_count) VALUES (?, ?, ?, ?)', [g.groupId, g.name, g.owner, g.members])
    await tx.run('INSERT INTO vip_links (data, wmid, group_id) VALUES (?, ?, ?)', [g.link, g.owner, g.groupId])
  }
  await tx.run('INSERT INTO vip_exchanges (wmid, group_id, member_count, quota, exchanged_at) VALUES (?, ?, ?, ?, ?)', [
    'wm_buyer',
    'g-photo',
    655,
    10,
    SEEDED_AT,
  ])
  for (const number of slotNumbers(10)) {
    const used = USED_SLOTS.find((slot) => slot.number === number)
    await tx.run('INSERT INTO vip_slots (owner_wmid, number, friend_wmid, redeemed_at) VALUES (?, ?, ?, ?)', [
      'wm_buyer',
      number,
      used?.friend ?? null,
      used ? SEEDED_AT : null,
    ])
    if (used) await tx.run('INSERT INTO vip_members (wmid, vip_until) VALUES (?, ?)', [used.friend, vipUntilAfterRedeem(null, SEEDED_AT)])
  }
}

/** Production mode on a database once seeded for the demo: the demo's campaign links are published here. */
export async function removeDemoVipLinks(db: Db): Promise<void> {
  const links = GROUPS.map((g) => g.link)
  await db.run(`DELETE FROM vip_links WHERE data IN (${links.map(() => '?').join(', ')})`, links)
}
