/**
 * The lesson area's calls (types/lesson.ts `lessonCalls`, spec 000 §7): lesson info, the v2, old
 * and free-preview message lists, the picture list and the apply request, for v2 (`courseData`)
 * and old (`data`) links. Every access rule (password, paid, preview, illegal, view limit) is
 * decided in rules.ts and enforced here, password tries limited by passwordTries.ts; data.ts
 * holds the queries.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ArrayData } from '../../types/api'
import { PASSWORD_TRIES_CODE, PICTURE_PAGE_SIZE, lessonCalls } from '../../types/lesson'
import { reviewCalls } from '../../types/review'
import type {
  InfoAnswer,
  PasswordTriesData,
  PictureListData,
  PreviewImage,
  WireMessage,
} from '../../types/lesson'
import { waitMinutes } from '../core/attempts'
import { SerializedAnswer, contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle, page, pageSize } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { PageCache } from './pageCache'
import type { LessonRecord } from './data'
import { PasswordTries } from './passwordTries'
import { infoObject, pictureUrl, wireMessage } from './wire'
import { createGrantReader, reviewAnswer } from './review'
import { decideLessonAnswer, isOverViewLimit, triesPassword } from './rules'
import type { LessonListKind } from './rules'

const MAX_PAGE_SIZE = 100
const pass = { type: 'string', maxLength: 64 } as const
const messagePaging = { page, pageSize: pageSize(MAX_PAGE_SIZE) } as const

const text = { type: 'string' } as const
const integer = { type: 'integer' } as const

/** data of the message list calls (WireMessage of types/lesson.ts), for the compiled serialiser. */
const messageListAnswer = {
  type: 'object',
  required: ['array'],
  properties: {
    array: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'msgId', 'msgType', 'sendTime'],
        properties: {
          id: integer,
          msgId: text,
          msgType: integer,
          sendTime: integer,
          resourceUrl: text,
          obj: text,
          content: text,
          objectName: text,
          voiceUrl: text,
          msgUID: text,
          senderUserInfo: { type: 'object', required: ['nickname', 'faceIcon'], properties: { nickname: text, faceIcon: text } },
        },
      },
    },
  },
} as const

const notFound = (): ApiRefusal => ApiRefusal.say(ResponseCode.NotFound, 'courseMissing')

export const lessonRoutes: FastifyPluginAsync<AppContext> = async (app, { db, repos: { lessons, attempts }, identity }) => {
  const readViewer = identity.viewer
  const passwordTries = new PasswordTries(db, attempts)
  const pages = new PageCache<SerializedAnswer>()
  const readGrant = createGrantReader(db)
  acceptFormBodiesOnly(app)

  const reader = async (request: FastifyRequest, lesson: LessonRecord) => {
    const viewer = await readViewer(request, Date.now())
    const wmid = viewer?.wmid ?? null
    return { wmid, hasBought: await lessons.hasBought(wmid, lesson.id) }
  }

  const granted = async (
    request: FastifyRequest,
    lesson: LessonRecord,
    list: LessonListKind,
    coursePass: string | undefined,
  ): Promise<number | null> => {
    const who = await reader(request, lesson)
    const pass = coursePass || undefined
    const now = Date.now()
    const decide = () => decideLessonAnswer(lesson, who, list, pass)
    const tried = triesPassword(lesson, who, list, pass) ? await passwordTries.attempt(lesson.id, request.ip, now, decide) : { checked: decide() }
    if ('waitMs' in tried) {
      const data: PasswordTriesData = { waitMinutes: waitMinutes(tried.waitMs) }
      throw ApiRefusal.say(PASSWORD_TRIES_CODE, 'tooManyCoursePasswords', { minutes: data.waitMinutes }, data)
    }
    const access = tried.checked
    if (!access.granted) throw ApiRefusal.say(access.code, access.key)
    return access.limit
  }

  /**
   * One page of the readable window, whose access the caller has decided; past its end answers
   * 404, which ends the client's list. The page's text comes from this worker's cache when an
   * answer for the same lesson version, origin and range was serialised before.
   */
  const messagePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    lesson: LessonRecord,
    limit: number | null,
    body: { page: number; pageSize: number },
  ): Promise<SerializedAnswer> => {
    const total = lesson.messageCount
    const end = limit === null ? total : Math.min(limit, total)
    const offset = (body.page - 1) * body.pageSize
    if (offset >= end) throw ApiRefusal.say(ResponseCode.NotFound, 'noMoreMessages')
    const origin = publicOrigin(request)
    const count = Math.min(body.pageSize, end - offset)
    return pages.page({ lessonId: lesson.id, contentVersion: lesson.contentVersion, origin, offset, count }, async () => {
      const rows = await lessons.messages(lesson.id, offset, count)
      return SerializedAnswer.of<ArrayData<WireMessage>>(reply, ok({ array: rows.map((m) => wireMessage(m, origin)) }))
    })
  }

  /** Opening a lesson (its info call) is what counts as a view of it. */
  const info = async (request: FastifyRequest, lesson: LessonRecord | undefined) => {
    if (!lesson) throw notFound()
    const who = await reader(request, lesson)
    const overLimit = isOverViewLimit(lesson, who) || (who.wmid !== lesson.wmid && lesson.viewLimit !== null && !(await lessons.countView(lesson.id)))
    if (lesson.illegal === 0 && overLimit) throw ApiRefusal.say(ResponseCode.ViewLimit, 'viewLimit')
    return ok<InfoAnswer>({ object: infoObject(lesson, who.hasBought, publicOrigin(request)) })
  }

  contractRoute(app, lessonCalls.info, { fields: { courseData: handle } }, async (request) =>
    info(request, await lessons.findByCourseData(request.body.courseData)),
  )

  contractRoute(app, lessonCalls.legacyInfo, { fields: { data: handle } }, async (request) =>
    info(request, await lessons.findByLegacyData(request.body.data)),
  )

  contractRoute(
    app,
    lessonCalls.messages,
    { fields: { ...messagePaging, courseData: handle, coursePass: pass }, answer: messageListAnswer },
    async (request, reply) => {
      const lesson = await lessons.findByCourseData(request.body.courseData)
      if (!lesson) throw notFound()
      return messagePage(request, reply, lesson, await granted(request, lesson, 'messages', request.body.coursePass), request.body)
    },
  )

  contractRoute(
    app,
    lessonCalls.legacyMessages,
    { fields: { ...messagePaging, data: handle, coursePass: pass }, answer: messageListAnswer },
    async (request, reply) => {
      const lesson = await lessons.findByLegacyData(request.body.data)
      if (!lesson) throw notFound()
      return messagePage(request, reply, lesson, await granted(request, lesson, 'messages', request.body.coursePass), request.body)
    },
  )

  contractRoute(app, lessonCalls.freeMessages, { fields: { ...messagePaging, courseData: handle }, answer: messageListAnswer }, async (request, reply) => {
    const lesson = await lessons.findByCourseData(request.body.courseData)
    if (!lesson) throw notFound()
    return messagePage(request, reply, lesson, await granted(request, lesson, 'free', undefined), request.body)
  })

  contractRoute(
    app,
    lessonCalls.pictures,
    {
      fields: {
        msgTimestamp: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        pageSize: { ...messagePaging.pageSize, default: PICTURE_PAGE_SIZE },
        courseData: handle,
        coursePass: pass,
      },
    },
    async (request) => {
      const { msgTimestamp, courseData, coursePass } = request.body
      const lesson = await lessons.findByCourseData(courseData)
      if (!lesson) throw notFound()
      const within = await granted(request, lesson, 'pictures', coursePass)
      // One extra row tells whether another page follows.
      const rows = await lessons.pictures(lesson.id, within, msgTimestamp, request.body.pageSize + 1)
      const pictures = rows.slice(0, request.body.pageSize)
      const origin = publicOrigin(request)
      const picArray: PreviewImage[] = pictures
        .map((p) => ({ id: p.id, url: absoluteUrl(origin, pictureUrl(p)) }))
        .filter((p) => p.url !== '')
      const data: PictureListData = {
        msgTimestamp: pictures.length > 0 ? pictures[pictures.length - 1].sendTime : msgTimestamp,
        picArray,
        isNextData: rows.length > pictures.length ? 1 : 0,
      }
      return ok(data)
    },
  )

  contractRoute(app, lessonCalls.apply, { fields: { data: handle } }, async (request) => {
    const lesson = await lessons.findByCourseData(request.body.data)
    if (!lesson) throw notFound()
    if (lesson.illegal === 1) throw ApiRefusal.say(ResponseCode.Illegal, 'lessonIllegal')
    const now = Date.now()
    await lessons.apply(lesson.id, (await readViewer(request, now))?.wmid ?? null, now)
    return ok(null)
  })

  /** The admin and complaint viewers (review.ts): the token decides, then the whole lesson pages as the old list. */
  const reviewed = async (request: FastifyRequest, data: string): Promise<LessonRecord> => {
    const now = Date.now()
    const lesson = (await lessons.findByLegacyData(data)) ?? (await lessons.findByCourseData(data))
    const answer = reviewAnswer(lesson, { sessionWmid: (await readViewer(request, now))?.wmid ?? null, grant: await readGrant(request, now) })
    if (answer === 'refused') throw ApiRefusal.say(ResponseCode.Forbidden, 'reviewRefused')
    if (lesson === undefined) throw notFound()
    return lesson
  }

  contractRoute(app, reviewCalls.adminMessages, { fields: { ...messagePaging, data: handle }, answer: messageListAnswer }, async (request, reply) =>
    messagePage(request, reply, await reviewed(request, request.body.data), null, request.body),
  )

  contractRoute(
    app,
    reviewCalls.complaintMessages,
    { fields: { ...messagePaging, data: handle, coursePass: pass }, answer: messageListAnswer },
    async (request, reply) => messagePage(request, reply, await reviewed(request, request.body.data), null, request.body),
  )
}
