/**
 * The invite area's demo data (the launcher links to each):
 *
 *   QR-code invites (the welcome pages' `data`), all from wm_teacher:
 *     invite-friend          /welcome                  friend request
 *     invite-group           /groupWelcome             join the free group g-free
 *     invite-wm-friend       /friendWelcomeWithPhone   friend request with the watermark-camera bind
 *     invite-wm-group        /groupWelcomeWithPhone    join g-free with the watermark-camera bind
 *   Groups of wm_teacher: g-free 读书会 (free), g-paid 训练营 (¥9.90).
 *   Invite passwords: WMF8888 (friend), WMG1001 (g-free), WMG2002 and WMG2003 (g-paid, one per invitee).
 *   Watermark-camera accounts: wssy10001 (not bound yet), wssy20002 (bound to +86 13800000001).
 */
import type { Queryable } from '../core/sql'
import { SEEDED_AT } from '../core/seedTime'

export const SEEDED_INVITER = 'wm_teacher'

const GROUPS = [
  { gid: 'g-free', name: '读书会', headImg: '/media/avatar-teacher.png', introduction: '每周共读一本书，分享读书笔记。', condition: '', fee: 0 },
  {
    gid: 'g-paid',
    name: '训练营',
    headImg: '/media/avatar-assistant.png',
    introduction: '21 天写作训练营，每天一次点评。',
    condition: '付费后进群，凭口令在 App 中加入',
    fee: 990,
  },
] as const

const PASSWORDS = [
  { password: 'WMF8888', gid: null },
  { password: 'WMG1001', gid: 'g-free' },
  { password: 'WMG2002', gid: 'g-paid' },
  { password: 'WMG2003', gid: 'g-paid' },
] as const

const QR_INVITES = [
  { data: 'invite-friend', gid: null },
  { data: 'invite-group', gid: 'g-free' },
  { data: 'invite-wm-friend', gid: null },
  { data: 'invite-wm-group', gid: 'g-free' },
] as const

export async function seedInvites(tx: Queryable): Promise<void> {
  for (const g of GROUPS) {
    await tx.run('INSERT INTO invite_groups (gid, owner_wmid, name, head_img, introduction, condition, fee) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      g.gid,
      SEEDED_INVITER,
      g.name,
      g.headImg,
      g.introduction,
      g.condition,
      g.fee,
    ])
  }
  for (const p of PASSWORDS) {
    await tx.run('INSERT INTO invite_passwords (password, inviter_wmid, gid, created_at) VALUES (?, ?, ?, ?)', [p.password, SEEDED_INVITER, p.gid, SEEDED_AT])
  }
  for (const i of QR_INVITES) await tx.run('INSERT INTO qr_invites (data, inviter_wmid, gid) VALUES (?, ?, ?)', [i.data, SEEDED_INVITER, i.gid])
  const account = 'INSERT INTO watermark_accounts (wsid, phone, inter_code, vip_quota, bound_at) VALUES (?, ?, ?, ?, ?)'
  await tx.run(account, ['wssy10001', null, null, 0, null])
  await tx.run(account, ['wssy20002', '13800000001', '86', 1, SEEDED_AT])
}
