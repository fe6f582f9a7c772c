/**
 * Resume on any device (types/resume.ts `resumeCalls`, issue 35 item 4). Every call needs the
 * session of the listener whose places it reads or writes (601 without one) and answers only that
 * listener's own: no call names a user. A save must name a voice of an existing lesson (404
 * otherwise); its stamp is the client's clock held to the server's (src/domain/resume.ts
 * `stampOf`), and the newer save wins in one statement (data.ts `save`).
 */
import type { FastifyPluginAsync } from 'fastify'
import { parseMessage } from '../../src/domain/message/parse'
import { RESUME_MAX_MSG_ID, RESUME_MAX_POSITION_SECONDS, stampOf } from '../../src/domain/resume'
import { ResponseCode } from '../../types/api'
import { RESUME_DEVICES, RESUME_LIST_SIZE, resumeCalls, type ResumeListItem, type ResumeRecord } from '../../types/resume'
import type { AppContext } from '../context'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle, integer } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { ResumeRepository, type PlaceListRow, type PlaceRow } from './data'

/** A device's own random id: letters, digits, '-' and '_'. */
const deviceIdField = { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const
const msgIdField = { type: 'string', minLength: 1, maxLength: RESUME_MAX_MSG_ID } as const

const record = (row: PlaceRow): ResumeRecord => ({
  courseData: row.courseData,
  msgId: row.msgId,
  position: row.position,
  at: row.at,
  deviceId: row.deviceId,
  device: row.device,
})

/** The place's voice length in seconds, from its payload as the client would read it; 0 when unknown. */
function voiceSeconds(row: PlaceListRow): number {
  const message = parseMessage({ id: 0, msgId: row.msgId, msgType: 1002, sendTime: 0, ...(row.obj !== null ? { obj: row.obj } : {}) })
  return message.kind === 'voice' ? message.duration : 0
}

export const resumeRoutes: FastifyPluginAsync<AppContext> = async (app, { db, identity }) => {
  acceptFormBodiesOnly(app)
  const places = new ResumeRepository(db)

  contractRoute(
    app,
    resumeCalls.save,
    {
      fields: {
        courseData: handle,
        msgId: msgIdField,
        position: integer(0, RESUME_MAX_POSITION_SECONDS),
        at: integer(1, Number.MAX_SAFE_INTEGER),
        deviceId: deviceIdField,
        device: { type: 'string', enum: [...RESUME_DEVICES] },
      },
    },
    async (request) => {
      const now = Date.now()
      const viewer = await identity.requireViewer(request, now)
      const { courseData, msgId, position, at, deviceId, device } = request.body
      const found = await places.voiceOf(courseData, msgId)
      if (!found) throw ApiRefusal.say(ResponseCode.NotFound, 'loginUnknownCourse')
      if (!found.voice) throw ApiRefusal.say(ResponseCode.NotFound, 'resumeNotAVoice')
      const kept = await places.save({ wmid: viewer.wmid, lessonId: found.lessonId, msgId, position, at: stampOf(at, now), deviceId, device, now })
      return ok({ object: { kept: kept ? 1 : 0 } })
    },
  )

  contractRoute(app, resumeCalls.get, { fields: { courseData: handle } }, async (request) => {
    const viewer = await identity.requireViewer(request, Date.now())
    const row = await places.place(viewer.wmid, request.body.courseData)
    return ok({ object: row ? record(row) : null })
  })

  contractRoute(app, resumeCalls.list, { fields: {} }, async (request) => {
    const viewer = await identity.requireViewer(request, Date.now())
    const origin = publicOrigin(request)
    const rows = await places.list(viewer.wmid, RESUME_LIST_SIZE)
    const array: ResumeListItem[] = rows.map((row) => ({
      ...record(row),
      courseName: row.courseName,
      coursePic: row.coursePic ? absoluteUrl(origin, row.coursePic) : '',
      voiceIndex: row.voiceIndex,
      voiceCount: row.voiceCount,
      voiceDuration: voiceSeconds(row),
    }))
    return ok({ array })
  })
}
