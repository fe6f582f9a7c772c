/**
 * Wire types and calls of lessons offline (issue 35 item 5): what a listener may download of a
 * lesson. The server decides: the messages the listener may read in full (open; password with the
 * right password, its tries limited as the message list's; paid when bought; the author always)
 * and the media files those messages use, with their sizes where it keeps the files itself. A
 * listener entitled to no more than a free preview gets the refusal the message list gives, so a
 * download never holds more than the listener could read.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'
import type { CourseData, WireMessage } from './lesson'

/** A media file a download fetches; `bytes` 0 when the server does not know its size. */
export interface OfflineFile {
  url: string
  bytes: number
}

/** data.object of offlineCalls.files */
export interface OfflineLessonFiles {
  courseName: string
  coursePic: string
  /** every message the listener may read, as the message list answers them */
  messages: WireMessage[]
  /** the voices, pictures and cover those messages use, each once */
  files: OfflineFile[]
}

export const offlineCalls = {
  files: endpoint<{ courseData: CourseData; coursePass?: string }, ObjectData<OfflineLessonFiles>>('/wmim/course/v2/offline/files.do', {
    courseData: 'required',
    coursePass: 'optional',
  }),
} as const
