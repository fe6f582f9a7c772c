/**
 * The live area's demo data, written in the seeding transaction after the money and chat room
 * areas' (server/areas.ts): paid lives name the money area's sale items, every live names a chat
 * room. The sale items' orders (wm_buyer's of live-english) are the money area's seed.
 *
 * Lives (courseData: what it shows)
 *   live-now       林老师's free video live, running since the seed, with comments; wm_assistant is its admin
 *   live-audio     林老师's free audio-only live (the cover instead of the picture), running
 *   live-english   林老师's paid live (2990 fen, the money area's sale item), running; wm_buyer bought it
 *   live-grammar   林老师's paid live (1500 fen), running; wm_buyer has not bought it
 *   live-ended     林老师's ended live without a replay: duration 1 h, 128 watched
 *   live-replay    林老师's ended live with a replay, password 2468
 *   live-app       林老师's live watchable only in the app (the spec's current behaviour)
 *
 * Subscriptions: wm_buyer subscribes 14 hosts (two pages of 10); wm_visitor none. Twelve extra
 * hosts wm_host01..wm_host12 exist for it. Their official-account openids are those of the WeChat
 * stand-in's personas (outside/wechatOauth/personas.ts: `dev-oa-wm_buyer`, …), so the subscription
 * page opens through the stand-in's authorisation as it would through WeChat's.
 */
import { ChatroomQueries } from '../chatroom/data'
import { DEMO_CHATROOM_ID } from '../chatroom/seed'
import type { Queryable } from '../core/sql'
import { personaOpenid } from '../outside/wechatOauth/personas'
import { SEEDED_AT, chinaTime } from '../core/seedTime'

interface SeedLive {
  courseData: string
  title: string
  sale?: string
  mediaType?: 0 | 1
  status: 0 | 1 | 2
  beginTime: number
  durationS?: number
  watchCount: number
  appOnly?: boolean
  replay?: boolean
  password?: string
  room?: string
}

const LIVES: readonly SeedLive[] = [
  { courseData: 'live-now', title: '英语口语直播：每天十分钟', status: 1, beginTime: SEEDED_AT, watchCount: 36, room: DEMO_CHATROOM_ID },
  { courseData: 'live-audio', title: '听力练习电台', mediaType: 1, status: 1, beginTime: SEEDED_AT, watchCount: 12 },
  { courseData: 'live-english', title: '英语口语直播课', sale: 'live-english', status: 1, beginTime: SEEDED_AT, watchCount: 58 },
  { courseData: 'live-grammar', title: '语法答疑直播', sale: 'live-grammar', status: 1, beginTime: SEEDED_AT, watchCount: 20 },
  { courseData: 'live-ended', title: '周末答疑直播', status: 2, beginTime: chinaTime(6, 20, 0), durationS: 3600, watchCount: 128 },
  {
    courseData: 'live-replay',
    title: '发音入门（回放）',
    status: 2,
    beginTime: chinaTime(7, 20, 0),
    durationS: 2700,
    watchCount: 96,
    replay: true,
    password: '2468',
  },
  { courseData: 'live-app', title: '仅限 App 观看的直播', status: 1, beginTime: SEEDED_AT, watchCount: 8, appOnly: true },
]

const AVATARS = ['/media/avatar-teacher.png', '/media/avatar-assistant.png', '/media/avatar-buyer.png', '/media/avatar-visitor.png']
const EXTRA_HOSTS = Array.from({ length: 12 }, (_, i) => ({
  wmid: `wm_host${String(i + 1).padStart(2, '0')}`,
  nickname: `主播${String(i + 1).padStart(2, '0')}`,
  faceIcon: AVATARS[i % AVATARS.length],
}))

const COMMENTS: ReadonlyArray<{ from: string; nick: string; avatar: string; text: string }> = [
  { from: 'wm_teacher', nick: '林老师', avatar: '/media/avatar-teacher.png', text: '大家好，直播马上开始！' },
  { from: 'wm_assistant', nick: '助教小雨', avatar: '/media/avatar-assistant.png', text: '有问题可以在评论区提问哦' },
  { from: 'wm_buyer', nick: '学员阿杰', avatar: '/media/avatar-buyer.png', text: '老师好！' },
]

/** The demo chat: COMMENTS repeated to 24 messages, so 'load earlier' has three batches of 10. */
async function seedComments(rooms: ChatroomQueries, chatroomId: string): Promise<void> {
  for (let i = 0; i < 24; i += 1) {
    const c = COMMENTS[i % COMMENTS.length]
    const time = SEEDED_AT + i * 60_000
    const body = JSON.stringify({
      msgType: 'TEXT',
      text: `${c.text}（${i + 1}）`,
      senderUserInfo: { nickname: c.nick, faceIcon: c.avatar, uid: c.from, updateTime: SEEDED_AT },
      time,
    })
    await rooms.saveMessage({ chatroomId, idClient: `seed-${i + 1}`, from: c.from, fromNick: c.nick, fromAvatar: c.avatar, type: 100, body, time })
  }
}

export async function seedLives(tx: Queryable): Promise<void> {
  const rooms = new ChatroomQueries(tx)
  for (const host of EXTRA_HOSTS) {
    await tx.run('INSERT INTO users (wmid, nickname, face_icon, phone, inter_code, is_product_user) VALUES (?, ?, ?, NULL, NULL, 1)', [
      host.wmid,
      host.nickname,
      host.faceIcon,
    ])
  }
  for (const live of LIVES) {
    const room = live.room ?? `room-${live.courseData}`
    if (!live.room) {
      await rooms.insertRoom({ id: room, name: live.title, creator: 'wm_teacher', creatorNick: '林老师', creatorAvatar: '/media/avatar-teacher.png' }, SEEDED_AT)
    }
    await tx.run(
      `INSERT INTO live_shows (course_data, wmid, title, face_icon, sale_live_id, group_id, chatroom_id, media_type, status,
                               begin_time, duration_s, watch_count, app_only, has_replay, replay_password)
       VALUES (?, 'wm_teacher', ?, '/media/slide-1.png', (SELECT id FROM lives WHERE course_data = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        live.courseData,
        live.title,
        live.sale ?? null,
        `group-${live.courseData}`,
        room,
        live.mediaType ?? 0,
        live.status,
        live.beginTime,
        live.durationS ?? 0,
        live.watchCount,
        live.appOnly ? 1 : 0,
        live.replay ? 1 : 0,
        live.password ?? null,
      ],
    )
  }
  await tx.run("INSERT INTO live_admins (live_id, wmid) SELECT id, 'wm_assistant' FROM live_shows WHERE course_data = 'live-now'")
  for (const wmid of ['wm_buyer', 'wm_visitor', 'wm_teacher']) {
    await tx.run('INSERT INTO live_openids (openid, wmid) VALUES (?, ?)', [personaOpenid('oa', wmid), wmid])
  }
  const hosts = ['wm_teacher', 'wm_assistant', ...EXTRA_HOSTS.map((h) => h.wmid)]
  for (const [i, host] of hosts.entries()) {
    await tx.run('INSERT INTO live_subscriptions (subscriber, host, created_at) VALUES (?, ?, ?)', ['wm_buyer', host, SEEDED_AT + i * 1000])
  }
  await seedComments(rooms, DEMO_CHATROOM_ID)
}
