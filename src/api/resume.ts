import { ResponseCode } from '../../types/api'
import { resumeCalls, type ResumeListItem } from '../../types/resume'
import { readResumePlace, type ResumePlace } from '../domain/resume'
import { createCall } from './client'
import type { Post } from './client'

/**
 * Resume on any device (types/resume.ts). The saves run in the background while a voice plays, so
 * no failure of theirs is toasted and an expired session (601) is the caller's to note, never a
 * jump to /profile in the middle of listening.
 */
export function createResumeApi(post: Post) {
  const call = createCall(post)
  const quiet = { silent: true, passCodes: [ResponseCode.SessionExpired] } as const

  return {
    /** Whether the server kept this save (false: a newer place was there, or the session is gone). */
    async save(courseData: string, place: ResumePlace): Promise<boolean> {
      const { msgId, position, at, deviceId, device } = place
      const res = await call(resumeCalls.save, { courseData, msgId, position, at, deviceId, device }, quiet)
      return res.code === ResponseCode.Ok && res.data?.object.kept === 1
    },
    /** The listener's place in the lesson as the server has it; undefined when none (or no session). */
    async place(courseData: string): Promise<ResumePlace | undefined> {
      const res = await call(resumeCalls.get, { courseData }, quiet)
      return res.code === ResponseCode.Ok ? readResumePlace(res.data?.object) : undefined
    },
    /** The listener's lessons to continue, newest first; the screen shows a failure itself. */
    async list(): Promise<ResumeListItem[]> {
      const res = await call(resumeCalls.list, {}, { silent: true })
      return res.data?.array ?? []
    },
  }
}

export type ResumeApi = ReturnType<typeof createResumeApi>
