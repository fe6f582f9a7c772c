/**
 * Wire types and calls of resume on any device (issue 35 item 4): a logged-in listener's place in a
 * lesson (the voice, the seconds into it), kept by the server so the other build or another phone
 * can offer to continue there. Every call needs a session (601 without one) and answers only the
 * session's own places; the rules of the place itself are src/domain/resume.ts.
 */
import type { ArrayData, ObjectData } from './api'
import { endpoint } from './contract'
import type { CourseData } from './lesson'

/** Which kind of device saved a place: what "continue from 12:34 (from your phone)" names. */
export const RESUME_DEVICES = ['miniProgram', 'phone', 'browser'] as const
export type ResumeDevice = (typeof RESUME_DEVICES)[number]

/** One saved place, as every call answers it. */
export interface ResumeRecord {
  courseData: CourseData
  msgId: string
  /** seconds into the voice */
  position: number
  /** when the saving device saved it (its clock, epoch ms, never later than the server's by more than the skew) */
  at: number
  deviceId: string
  device: ResumeDevice
}

/** A place with what the listener's home shows of its lesson. */
export interface ResumeListItem extends ResumeRecord {
  courseName: string
  coursePic: string
  /** 0-based order of the place's voice among the lesson's voices */
  voiceIndex: number
  voiceCount: number
  /** seconds of the place's voice (0 when unknown) */
  voiceDuration: number
}

/** data.object of resumeCalls.save: whether this save is now the lesson's place (false: a newer one was there). */
export interface ResumeSaved {
  kept: 0 | 1
}

/** How many lessons the listener's home lists to continue. */
export const RESUME_LIST_SIZE = 20

export const resumeCalls = {
  /** Saves the session user's place in a lesson; a save older than the kept one changes nothing (newest wins). */
  save: endpoint<
    { courseData: CourseData; msgId: string; position: number; at: number; deviceId: string; device: ResumeDevice },
    ObjectData<ResumeSaved>
  >('/wmim/course/v2/resume/save.do', {
    courseData: 'required',
    msgId: 'required',
    position: 'required',
    at: 'required',
    deviceId: 'required',
    device: 'required',
  }),
  /** The session user's place in one lesson; `object` is null when there is none. */
  get: endpoint<{ courseData: CourseData }, ObjectData<ResumeRecord | null>>('/wmim/course/v2/resume/get.do', {
    courseData: 'required',
  }),
  /** The session user's places, newest first (RESUME_LIST_SIZE), with their lessons. */
  list: endpoint<Record<string, never>, ArrayData<ResumeListItem>>('/wmim/course/v2/resume/list.do', {}),
} as const
