import type { Statement } from 'better-sqlite3'
import type { LiveSubscription } from '../../types/live'
import type { Db } from '../core/db'
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
  hostNickname: string
  hostFaceIcon: string
}

export type PlayKind = 'live' | 'replay'

/** A playlist token lives this long: enough to start playing; the player reloads the live window with it. */
export const PLAY_TOKEN_TTL_MS = 6 * 3600_000

const LIVE_COLUMNS = `
  s.id, s.course_data AS courseData, s.wmid, s.title, s.face_icon AS faceIcon, s.sale_live_id AS saleLiveId,
  coalesce(l.live_fee, 0) AS fee, s.group_id AS groupId, s.chatroom_id AS chatroomId, s.media_type AS mediaType,
  s.status, s.begin_time AS beginTime, s.duration_s AS durationS, s.watch_count AS watchCount, s.app_only AS appOnly,
  s.has_replay AS hasReplay, s.replay_password AS replayPassword, u.nickname AS hostNickname, u.face_icon AS hostFaceIcon
  FROM live_shows s JOIN users u ON u.wmid = s.wmid LEFT JOIN lives l ON l.id = s.sale_live_id`

export class LiveRepository {
  private readonly byCourseData: Statement<[string], LiveRecord>
  private readonly byGroup: Statement<[string], { watchCount: number }>
  private readonly bought: Statement<[string, number], { n: number }>
  private readonly admin: Statement<[number, string], { n: number }>
  private readonly countView: Statement<[number]>
  private readonly subscribed: Statement<[string, string], { n: number }>
  private readonly addSubscription: Statement<[string, string, number]>
  private readonly removeSubscription: Statement<[string, string]>
  private readonly subscriptionPage: Statement<[string, number, number], LiveSubscription>
  private readonly byOpenid: Statement<[string], { wmid: string }>
  private readonly hostExists: Statement<[string], { n: number }>
  private readonly insertToken: Statement<[string, number, PlayKind, number]>
  private readonly tokenOf: Statement<[string, number, PlayKind, number], { n: number }>

  constructor(db: Db) {
    this.byCourseData = db.prepare(`SELECT ${LIVE_COLUMNS} WHERE s.course_data = ?`)
    this.byGroup = db.prepare('SELECT watch_count AS watchCount FROM live_shows WHERE group_id = ?')
    this.bought = db.prepare('SELECT count(*) AS n FROM live_orders WHERE wmid = ? AND live_id = ? AND status = 1')
    this.admin = db.prepare('SELECT count(*) AS n FROM live_admins WHERE live_id = ? AND wmid = ?')
    // one statement: concurrent views on any worker each count once
    this.countView = db.prepare('UPDATE live_shows SET watch_count = watch_count + 1 WHERE id = ? AND status = 1')
    this.subscribed = db.prepare('SELECT count(*) AS n FROM live_subscriptions WHERE subscriber = ? AND host = ?')
    this.addSubscription = db.prepare('INSERT INTO live_subscriptions (subscriber, host, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
    this.removeSubscription = db.prepare('DELETE FROM live_subscriptions WHERE subscriber = ? AND host = ?')
    this.subscriptionPage = db.prepare(`
      SELECT u.wmid, u.nickname, u.face_icon AS faceIcon FROM live_subscriptions s JOIN users u ON u.wmid = s.host
      WHERE s.subscriber = ? ORDER BY s.created_at, s.host LIMIT ? OFFSET ?`)
    this.byOpenid = db.prepare('SELECT wmid FROM live_openids WHERE openid = ?')
    this.hostExists = db.prepare('SELECT count(*) AS n FROM users WHERE wmid = ?')
    this.insertToken = db.prepare('INSERT INTO live_play_tokens (token, live_id, kind, expires_at) VALUES (?, ?, ?, ?)')
    this.tokenOf = db.prepare('SELECT count(*) AS n FROM live_play_tokens WHERE token = ? AND live_id = ? AND kind = ? AND expires_at > ?')
  }

  find(courseData: string): LiveRecord | undefined {
    return this.byCourseData.get(courseData)
  }

  watchCountOf(groupId: string): number | undefined {
    return this.byGroup.get(groupId)?.watchCount
  }

  hasBought(wmid: string, live: LiveRecord): boolean {
    return live.saleLiveId !== null && (this.bought.get(wmid, live.saleLiveId)?.n ?? 0) > 0
  }

  isAdmin(wmid: string, live: LiveRecord): boolean {
    return (this.admin.get(live.id, wmid)?.n ?? 0) > 0
  }

  countViewer(live: LiveRecord): void {
    this.countView.run(live.id)
  }

  isSubscribed(subscriber: string, host: string): boolean {
    return (this.subscribed.get(subscriber, host)?.n ?? 0) > 0
  }

  /** Subscribing twice or unsubscribing what is not subscribed changes nothing. */
  setSubscribed(subscriber: string, host: string, on: boolean, now: number): void {
    if (on) this.addSubscription.run(subscriber, host, now)
    else this.removeSubscription.run(subscriber, host)
  }

  subscriptions(subscriber: string, page: number, pageSize: number): LiveSubscription[] {
    return this.subscriptionPage.all(subscriber, pageSize, (page - 1) * pageSize)
  }

  userOfOpenid(openid: string): string | undefined {
    return this.byOpenid.get(openid)?.wmid
  }

  userExists(wmid: string): boolean {
    return (this.hostExists.get(wmid)?.n ?? 0) > 0
  }

  issuePlayToken(live: LiveRecord, kind: PlayKind, now: number): string {
    const token = randomToken(16)
    this.insertToken.run(token, live.id, kind, now + PLAY_TOKEN_TTL_MS)
    return token
  }

  playTokenValid(token: string, live: LiveRecord, kind: PlayKind, now: number): boolean {
    return (this.tokenOf.get(token, live.id, kind, now)?.n ?? 0) > 0
  }
}
