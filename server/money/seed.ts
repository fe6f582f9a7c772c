/**
 * The money area's demo data (server/areas.ts runs it after the login, lesson and purchase areas':
 * it names users and lessons).
 *
 * Lives (courseData: title, seller, liveF, share reward)
 *   live-english: 英语口语直播课, wm_teacher, 2990 fen
 *   live-grammar: 语法答疑直播, wm_teacher, 1500 fen
 *   live-qa: 助教答疑直播, wm_assistant, 1000 fen, share reward 200 fen
 *
 * Orders (all paid; each one's income written by ledger.ts as it is inserted)
 *   LPSEED01 wm_buyer     paid-bought   1990  2024-03-01   wm_teacher's sale, usable
 *   LPSEED02 wm_buyer     demo-paid      990  2024-03-02   refunded: no income, the buyer's refunded item
 *   LPSEED03 wm_assistant paid-bought   1990  2024-03-01   in withdrawal CLSEED01 (paid out)
 *   LPSEED04 wm_assistant demo-paid      990  2024-03-02   in withdrawal CLSEED02 (waiting for payout)
 *   LVSEED01 wm_buyer     live-english  2990  2024-03-02   in withdrawal CLSEED03 (failed on the card: held for its retry)
 *   LVSEED02 wm_assistant live-english  2990  2024-03-03   usable
 *   LVSEED03 wm_buyer     live-qa       1000  2024-03-03   via wm_teacher's link: 200 share reward to wm_teacher, usable
 *   LVSEED04 wm_assistant live-grammar  1500  two days before the database was seeded: not withdrawable yet
 *
 * So wm_teacher (the seller) has usable 5180, unusable 1500, withdrawn 2980 (1990 paid out, 990
 * waiting), 2990 held by the failed withdrawal, total 12650; a bank card (招商银行, ends 8888)
 * marked erroneous by the failed payout, so the failed withdrawal can be retried once it is saved.
 * wm_buyer has bought two lessons (one refunded) and two lives; wm_visitor is not a product user.
 */
import type { Queryable } from '../core/sql'
import { chinaTime } from '../core/seedTime'
import { recordPaid } from './ledger'

const DAY_MS = 24 * 3600_000

const LIVES = [
  { courseData: 'live-english', wmid: 'wm_teacher', title: '英语口语直播课', fee: 2990, share: 0 },
  { courseData: 'live-grammar', wmid: 'wm_teacher', title: '语法答疑直播', fee: 1500, share: 0 },
  { courseData: 'live-qa', wmid: 'wm_assistant', title: '助教答疑直播', fee: 1000, share: 200 },
] as const

interface SeedOrder {
  orderNO: string
  buyer: string
  item: string
  status: 1 | 4
  paidAt: number
  inviter?: string
}

const LESSON_ORDERS: readonly SeedOrder[] = [
  { orderNO: 'LPSEED01', buyer: 'wm_buyer', item: 'paid-bought', status: 1, paidAt: chinaTime(1, 10, 0) },
  { orderNO: 'LPSEED02', buyer: 'wm_buyer', item: 'demo-paid', status: 4, paidAt: chinaTime(2, 10, 0) },
  { orderNO: 'LPSEED03', buyer: 'wm_assistant', item: 'paid-bought', status: 1, paidAt: chinaTime(1, 11, 0) },
  { orderNO: 'LPSEED04', buyer: 'wm_assistant', item: 'demo-paid', status: 1, paidAt: chinaTime(2, 11, 0) },
]

function liveOrders(seededAt: number): readonly SeedOrder[] {
  return [
    { orderNO: 'LVSEED01', buyer: 'wm_buyer', item: 'live-english', status: 1, paidAt: chinaTime(2, 20, 0) },
    { orderNO: 'LVSEED02', buyer: 'wm_assistant', item: 'live-english', status: 1, paidAt: chinaTime(3, 20, 0) },
    { orderNO: 'LVSEED03', buyer: 'wm_buyer', item: 'live-qa', status: 1, paidAt: chinaTime(3, 21, 0), inviter: 'wm_teacher' },
    { orderNO: 'LVSEED04', buyer: 'wm_assistant', item: 'live-grammar', status: 1, paidAt: seededAt - 2 * DAY_MS },
  ]
}

const CLEARINGS = [
  { clearingNO: 'CLSEED01', entry: 'S:LPSEED03', money: 1990, status: 1, failType: 0, reason: '', at: chinaTime(11, 9, 0) },
  { clearingNO: 'CLSEED02', entry: 'S:LPSEED04', money: 990, status: 0, failType: 0, reason: '', at: chinaTime(13, 9, 0) },
  {
    clearingNO: 'CLSEED03',
    entry: 'S:LVSEED01',
    money: 2990,
    status: 2,
    failType: 1,
    reason: 'the bank card information is wrong',
    at: chinaTime(12, 9, 0),
  },
] as const

/** `now` dates the part that is not withdrawable yet (two days before it). Runs in the seeding transaction `tx`. */
export async function seedMoney(tx: Queryable, now: number = Date.now()): Promise<void> {
  for (const [index, live] of LIVES.entries()) {
    await tx.run('INSERT INTO lives (course_data, wmid, title, live_fee, share_recash, share_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      live.courseData,
      live.wmid,
      live.title,
      live.fee,
      live.share,
      `/liveHome?courseData=${live.courseData}`,
      chinaTime(1, 8, index),
    ])
  }
  for (const o of LESSON_ORDERS) {
    await tx.run(
      `INSERT INTO orders (order_no, wmid, lesson_id, total_fee, status, inviter_wmid, created_at, paid_at, notify_count)
       SELECT ?, ?, id, fee, ?, ?, ?, ?, 1 FROM lessons WHERE course_data = ?`,
      [o.orderNO, o.buyer, o.status, o.inviter ?? null, o.paidAt, o.paidAt, o.item],
    )
    await recordPaid(tx, 1, o.orderNO)
  }
  for (const o of liveOrders(now)) {
    await tx.run(
      `INSERT INTO live_orders (order_no, wmid, live_id, total_fee, status, inviter_wmid, created_at, paid_at)
       SELECT ?, ?, id, live_fee, ?, ?, ?, ? FROM lives WHERE course_data = ?`,
      [o.orderNO, o.buyer, o.status, o.inviter ?? null, o.paidAt, o.paidAt, o.item],
    )
    await recordPaid(tx, 2, o.orderNO)
  }
  for (const c of CLEARINGS) {
    const tax = Math.floor(c.money / 100)
    await tx.run(
      `INSERT INTO clearings (clearing_no, wmid, order_num, order_money, tax_fee, status, fail_type, fail_reason, applied_at, settled_at)
       VALUES (?, 'wm_teacher', 1, ?, ?, ?, ?, ?, ?, ?)`,
      [c.clearingNO, c.money, tax, c.status, c.failType, c.reason, c.at, c.status === 0 ? null : c.at + DAY_MS],
    )
    await tx.run('UPDATE income_entries SET clearing_no = ? WHERE entry_key = ?', [c.clearingNO, c.entry])
  }
  await tx.run(
    `INSERT INTO bank_cards (wmid, real_name, id_card_no, bank_no, phone, bank_name, is_error, updated_at)
     VALUES ('wm_teacher', '林晓', '110101199001011234', '6214830000008888', '13800000001', '招商银行', 1, ?)`,
    [chinaTime(5, 9, 0)],
  )
  // wm_teacher was paid out before (CLSEED01): the agreement was signed then
  await tx.run(`INSERT INTO payout_signatures (wmid, phone, signed_at) VALUES ('wm_teacher', '13800000001', ?)`, [chinaTime(5, 9, 30)])
}
