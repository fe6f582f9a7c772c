import type { LiveSubscription } from '../../types/live'
import type { Db } from '../core/sql'
import { randomToken } from '../core/wechat'

/** One live with its host and, when paid, its sale item's fee. */
export interface LiveRecord {
  id: number
  courseData: string
  wmid: string
  title: string
  faceIcon: string
  /** the money area's sale item; null when free */
  saleLiveId: number | null
  fee: number
  groupId: string
  chatroomId: string
  mediaType: 0 | 1
  status: 0 | 1 | 2
  beginTime: number
  durationS: number
  watchCount: number
  appOnly: 0 | 1
  hasReplay: 0 | 1
  replayPassword: string | null
  /** the stream's name at the stream origin (its courseData unless the host named one) */
  streamName: string
  hostNickname: string
  hostFaceIcon: string
}

export type PlayKind = 'live' | 'replay'

/** A playlist token lives this long: enough to start playing; the player reloads the live window with it. */
export const PLAY_TOKEN_TTL_MS = 6 * 3600_000

const LIVE_COLUMNS = `
  s.id, s.course_data AS "courseData", s.wmid, s.title, s.face_icon AS "faceIcon", s.sale_live_id AS "saleLiveId",
  coalesce(l.live_fee, 0) AS fee, s.group_id AS "groupId", s.chatroom_id AS "chatroomId", s.media_type AS "mediaType",
  s.status, s.begin_time AS "beginTime", s.duration_s AS "durationS", s.watch_count AS "watchCount", s.app_only AS "appOnly",
  s.has_replay AS "hasReplay", s.replay_password AS "replayPassword",
  coalesce(s.stream_name, s.course_data) AS "streamName", u.nickname AS "hostNickname", u.face_icon AS "hostFaceIcon"
  FROM live_shows s JOIN users u ON u.wmid = s.wmid LEFT JOIN lives l ON l.id = s.sale_live_id`

/** Whether a count answered any row. */
const some = (row: { n: number } | undefined): boolean => (row?.n ?? 0) > 0

export class LiveRepository {
  constructor(private readonly db: Db) {}

  find(courseData: string): Promise<LiveRecord | undefined> {
    return this.db.one<LiveRecord>(`SELECT ${LIVE_COLUMNS} WHERE s.course_data = ?`, [courseData])
  }

  /** The live whose chat room is `chatroomId` (a NetEase room's file messages name the room, not the live). */
  findByChatroom(chatroomId: string): Promise<LiveRecord | undefined> {
    return this.db.one<LiveRecord>(`SELECT ${LIVE_COLUMNS} WHERE s.chatroom_id = ? ORDER BY s.id LIMIT 1`, [chatroomId])
  }

  async watchCountOf(groupId: string): Promise<number | undefined> {
    return (await this.db.one<{ watchCount: number }>('SELECT watch_count AS "watchCount" FROM live_shows WHERE group_id = ?', [groupId]))?.watchCount
  }

  async hasBought(wmid: string, live: LiveRecord): Promise<boolean> {
    if (live.saleLiveId === null) return false
    return some(await this.db.one<{ n: number }>('SELECT count(*) AS n FROM live_orders WHERE wmid = ? AND live_id = ? AND status = 1', [wmid, live.saleLiveId]))
  }

  async isAdmin(wmid: string, live: LiveRecord): Promise<boolean> {
    return some(await this.db.one<{ n: number }>('SELECT count(*) AS n FROM live_admins WHERE live_id = ? AND wmid = ?', [live.id, wmid]))
  }

  async countViewer(live: LiveRecord): Promise<void> {
    // one statement: concurrent views on any worker or machine each count once
    await this.db.run('UPDATE live_shows SET watch_count = watch_count + 1 WHERE id = ? AND status = 1', [live.id])
  }

  async isSubscribed(subscriber: string, host: string): Promise<boolean> {
    return some(await this.db.one<{ n: number }>('SELECT count(*) AS n FROM live_subscriptions WHERE subscriber = ? AND host = ?', [subscriber, host]))
  }

  /** Subscribing twice or unsubscribing what is not subscribed changes nothing. */
  async setSubscribed(subscriber: string, host: string, on: boolean, now: number): Promise<void> {
    if (on) await this.db.run('INSERT INTO live_subscriptions (subscriber, host, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [subscriber, host, now])
    else await this.db.run('DELETE FROM live_subscriptions WHERE subscriber = ? AND host = ?', [subscriber, host])
  }

  subscriptions(subscriber: string, page: number, pageSize: number): Promise<LiveSubscription[]> {
    return this.db.all<LiveSubscription>(
      `SELECT u.wmid, u.nickname, u.face_icon AS "faceIcon" FROM live_subscriptions s JOIN users u ON u.wmid = s.host
       WHERE s.subscriber = ? ORDER BY s.created_at, s.host LIMIT ? OFFSET ?`,
      [subscriber, pageSize, (page - 1) * pageSize],
    )
  }

  /**
   * The user of an official-account openid: the subscription page's own table, else the account a
   * WeChat login through that official account (`appId`) tied it to (login area, `wechat_accounts`).
   */
  async userOfOpenid(openid: string, appId: string): Promise<string | undefined> {
    const own = await this.db.one<{ wmid: string }>('SELECT wmid FROM live_openids WHERE openid = ?', [openid])
    if (own) return own.wmid
    return (await this.db.one<{ wmid: string }>('SELECT wmid FROM wechat_accounts WHERE app_id = ? AND openid = ?', [appId, openid]))?.wmid
  }

  async userExists(wmid: string): Promise<boolean> {
    return some(await this.db.one<{ n: number }>('SELECT count(*) AS n FROM users WHERE wmid = ?', [wmid]))
  }

  async issuePlayToken(live: LiveRecord, kind: PlayKind, now: number): Promise<string> {
    const token = randomToken(16)
    await this.db.run('INSERT INTO live_play_tokens (token, live_id, kind, expires_at) VALUES (?, ?, ?, ?)', [token, live.id, kind, now + PLAY_TOKEN_TTL_MS])
    return token
  }

  async playTokenValid(token: string, live: LiveRecord, kind: PlayKind, now: number): Promise<boolean> {
    return some(
      await this.db.one<{ n: number }>('SELECT count(*) AS n FROM live_play_tokens WHERE token = ? AND live_id = ? AND kind = ? AND expires_at > ?', [
        token,
        live.id,
        kind,
        now,
      ]),
    )
  }
}
