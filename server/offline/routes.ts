/**
 * Lessons offline (types/offline.ts `offlineCalls`, issue 35 item 5): what a listener may download
 * of a lesson, decided by the lesson area's own rule (server/lesson/rules.ts
 * `decideLessonAnswer`, the full message list, its password tries counted as the list counts
 * them). Only a whole lesson is given: a reader of a free preview is refused as the list refuses
 * them, so a download never carries more than the listener may read.
 */
import fs from 'fs'
import path from 'path'
import type { FastifyPluginAsync } from 'fastify'
import { parseMessage } from '../../src/domain/message/parse'
import { ResponseCode } from '../../types/api'
import { PASSWORD_TRIES_CODE, type PasswordTriesData } from '../../types/lesson'
import { offlineCalls, type OfflineFile } from '../../types/offline'
import type { AppContext } from '../context'
import { waitMinutes } from '../core/attempts'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { PasswordTries } from '../lesson/passwordTries'
import { decideLessonAnswer, triesPassword } from '../lesson/rules'
import { wireMessage } from '../lesson/wire'

const MEDIA_PREFIX = '/media/'

/** The size of a file this server keeps under /media/; 0 for any other address (the client estimates it). */
function sizeOf(url: string, origin: string, mediaDir: string): number {
  if (!url.startsWith(origin + MEDIA_PREFIX)) return 0
  const relative = decodeURIComponent(new URL(url).pathname.slice(MEDIA_PREFIX.length))
  const file = path.resolve(mediaDir, relative)
  if (!file.startsWith(path.resolve(mediaDir) + path.sep)) return 0
  try {
    const stat = fs.statSync(file)
    return stat.isFile() ? stat.size : 0
  } catch {
    return 0
  }
}

export const offlineRoutes: FastifyPluginAsync<AppContext> = async (app, { db, identity, mediaDir, repos: { lessons, attempts } }) => {
  acceptFormBodiesOnly(app)
  const passwordTries = new PasswordTries(db, attempts)

  contractRoute(
    app,
    offlineCalls.files,
    { fields: { courseData: handle, coursePass: { type: 'string', maxLength: 64 } } },
    async (request) => {
      const { courseData, coursePass } = request.body
      const lesson = await lessons.findByCourseData(courseData)
      if (!lesson) throw ApiRefusal.say(ResponseCode.NotFound, 'courseMissing')
      const viewer = await identity.viewer(request, Date.now())
      const wmid = viewer?.wmid ?? null
      const reader = { wmid, hasBought: await lessons.hasBought(wmid, lesson.id) }
      const pass = coursePass || undefined
      const decide = () => decideLessonAnswer(lesson, reader, 'messages', pass)
      const tried = triesPassword(lesson, reader, 'messages', pass) ? await passwordTries.attempt(lesson.id, request.ip, Date.now(), decide) : { checked: decide() }
      if ('waitMs' in tried) {
        const data: PasswordTriesData = { waitMinutes: waitMinutes(tried.waitMs) }
        throw ApiRefusal.say(PASSWORD_TRIES_CODE, 'tooManyCoursePasswords', { minutes: data.waitMinutes }, data)
      }
      const access = tried.checked
      if (!access.granted) throw ApiRefusal.say(access.code, access.key)
      const end = access.limit === null ? lesson.messageCount : Math.min(access.limit, lesson.messageCount)
      const origin = publicOrigin(request)
      const messages = (await lessons.messages(lesson.id, 0, end)).map((m) => wireMessage(m, origin))
      const coursePic = lesson.coursePic ? absoluteUrl(origin, lesson.coursePic) : ''
      const urls = new Set<string>(coursePic ? [coursePic] : [])
      for (const wire of messages) {
        const message = parseMessage(wire)
        if ((message.kind === 'voice' || message.kind === 'image') && message.url) urls.add(message.url)
      }
      const files: OfflineFile[] = [...urls].map((url) => ({ url, bytes: sizeOf(url, origin, mediaDir) }))
      return ok({ object: { courseName: lesson.courseName, coursePic, messages, files } })
    },
  )
}
