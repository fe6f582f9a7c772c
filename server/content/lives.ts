/**
 * Lives through the content area (spec 001 live pages): a host's live with its title, cover,
 * schedule, status, audio or video, free or paid (the money area's sale item, fee in fen), app-only
 * and its replay (open, or behind a password). The live's chat room is made with it. The host's
 * `liveId` names the live: sent again, it updates the same one (same link) in one transaction. The
 * stream itself is not ingested here: the host pushes it to the stream origin as `streamName` (by
 * default the live's courseData), and the live area's play and replay answers sign its address
 * there for an entitled viewer (server/live/streamUrls.ts).
 */
import { randomBytes } from 'node:crypto'
import { ChatroomQueries } from '../chatroom/data'
import type { Db } from '../core/sql'
import { ExportError, LIMITS, mediaRef, said } from './format'
import type { Said } from './format'
import type { MediaStore } from './mediaStore'

export interface LiveInput {
  liveId: string
  title: string
  cover: string
  beginTime: number
  durationS: number
  /** 0 not started, 1 live now, 2 ended */
  status: 0 | 1 | 2
  /** 0 video, 1 audio only */
  mediaType: 0 | 1
  /** fen; 0 free */
  fee: number
  shareRecash: number
  appOnly: boolean
  hasReplay: boolean
  replayPassword: string | null
  /** the stream's name at the stream origin; undefined: the one it has, else its courseData */
  streamName?: string
}

const AT = said('contentAtLive')

function refuse(field: string, why: Said): never {
  throw new ExportError({ at: AT, field }, why)
}

export function readLive(value: unknown, store: MediaStore): LiveInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('(body)', said('contentNotObject'))
  const live = value as Record<string, unknown>
  const integer = (field: string, min: number, max: number, fallback?: number): number => {
    const given = live[field] ?? fallback
    if (typeof given !== 'number' || !Number.isSafeInteger(given) || given < min || given > max) refuse(field, said('contentWholeRange', { min, max }))
    return given
  }
  const flag = (field: string): boolean => {
    const given = live[field] ?? false
    if (typeof given !== 'boolean') refuse(field, said('contentNotBoolean'))
    return given
  }
  const { liveId, title, cover, replayPassword, streamName } = live
  if (typeof liveId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(liveId)) refuse('liveId', said('contentHandleLength'))
  if (typeof title !== 'string' || title.trim() === '' || title.length > 100) refuse('title', said('contentLength', { min: 1, max: 100 }))
  if (streamName !== undefined && (typeof streamName !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(streamName))) {
    refuse('streamName', said('contentHandleLength'))
  }
  let coverUrl = ''
  if (cover !== undefined && cover !== '') {
    const ref = typeof cover === 'string' ? mediaRef(cover) : said('contentNotString')
    if ('key' in ref || ref.kind !== 'url' || (!ref.url.startsWith('https://') && !store.owns(ref.url))) refuse('cover', said('contentImageUrl'))
    coverUrl = ref.url
  }
  const fee = integer('fee', 0, LIMITS.fee, 0)
  const hasReplay = flag('hasReplay')
  let password: string | null = null
  if (replayPassword !== undefined && replayPassword !== null) {
    if (!hasReplay) refuse('replayPassword', said('contentReplayOnly'))
    if (typeof replayPassword !== 'string' || replayPassword.length < 4 || replayPassword.length > LIMITS.password) refuse('replayPassword', said('contentLength', { min: 4, max: LIMITS.password }))
    password = replayPassword
  }
  return {
    liveId,
    title,
    cover: coverUrl,
    beginTime: integer('beginTime', 946_684_800_000, 4_102_444_800_000),
    durationS: integer('durationS', 0, 7 * 24 * 3600, 0),
    status: integer('status', 0, 2, 0) as 0 | 1 | 2,
    mediaType: integer('mediaType', 0, 1, 0) as 0 | 1,
    fee,
    shareRecash: integer('shareRecash', 0, fee, 0),
    appOnly: flag('appOnly'),
    hasReplay,
    replayPassword: password,
    ...(streamName === undefined ? {} : { streamName }),
  }
}

/**
 * Writes the host's live (new, or updated); its courseData, the handle of its links, and its stream
 * name, which the host pushes to at the stream origin.
 */
export function putLive(db: Db, host: string, live: LiveInput, now: number): Promise<{ courseData: string; created: boolean; streamName: string }> {
  return db.transaction(async (tx) => {
    const earlier = await tx.one<{ courseData: string; id: number; saleId: number | null; streamName: string | null }>(
      `SELECT s.course_data AS "courseData", s.id, s.sale_live_id AS "saleId", s.stream_name AS "streamName"
       FROM content_lives c JOIN live_shows s ON s.course_data = c.course_data WHERE c.author = ? AND c.live_id = ?`,
      [host, live.liveId],
    )
    const courseData = earlier?.courseData ?? `l${randomBytes(12).toString('base64url')}`
    const streamName = live.streamName ?? earlier?.streamName ?? courseData
    const taken = await tx.one<{ id: number }>('SELECT id FROM live_shows WHERE coalesce(stream_name, course_data) = ?', [streamName])
    if (taken && taken.id !== earlier?.id) refuse('streamName', said('contentStreamTaken', { streamName }))
    // the sale item: a paid live's fee and share reward; a live someone bought stays paid
    let saleId = earlier?.saleId ?? null
    if (live.fee > 0 && saleId !== null) {
      await tx.run('UPDATE lives SET title = ?, live_fee = ?, share_recash = ? WHERE id = ?', [live.title, live.fee, live.shareRecash, saleId])
    } else if (live.fee > 0) {
      const sale = await tx.one<{ id: number }>(
        'INSERT INTO lives (course_data, wmid, title, live_fee, share_recash, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        [courseData, host, live.title, live.fee, live.shareRecash, now],
      )
      saleId = sale?.id ?? null
    } else if (saleId !== null) {
      if (await tx.one('SELECT 1 AS found FROM live_orders WHERE live_id = ?', [saleId])) refuse('fee', said('contentLiveHasOrders'))
    }
    const fields = [
      live.title,
      live.cover,
      live.fee > 0 ? saleId : null,
      live.mediaType,
      live.status,
      live.beginTime,
      live.durationS,
      live.appOnly ? 1 : 0,
      live.hasReplay ? 1 : 0,
      live.replayPassword,
      streamName,
    ]
    if (earlier) {
      await tx.run(
        `UPDATE live_shows SET title = ?, face_icon = ?, sale_live_id = ?, media_type = ?, status = ?, begin_time = ?, duration_s = ?,
           app_only = ?, has_replay = ?, replay_password = ?, stream_name = ? WHERE id = ?`,
        [...fields, earlier.id],
      )
      if (live.fee === 0 && earlier.saleId !== null) await tx.run('DELETE FROM lives WHERE id = ?', [earlier.saleId])
      return { courseData, created: false, streamName }
    }
    const user = await tx.one<{ nickname: string; faceIcon: string }>('SELECT nickname, face_icon AS "faceIcon" FROM users WHERE wmid = ?', [host])
    const room = `room-${courseData}`
    await new ChatroomQueries(tx).insertRoom({ id: room, name: live.title, creator: host, creatorNick: user?.nickname ?? host, creatorAvatar: user?.faceIcon ?? '' }, now)
    await tx.run(
      `INSERT INTO live_shows (title, face_icon, sale_live_id, media_type, status, begin_time, duration_s, app_only, has_replay, replay_password,
         stream_name, course_data, wmid, group_id, chatroom_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...fields, courseData, host, `group-${courseData}`, room],
    )
    await tx.run('INSERT INTO content_lives (author, live_id, course_data) VALUES (?, ?, ?)', [host, live.liveId, courseData])
    return { courseData, created: true, streamName }
  })
}
