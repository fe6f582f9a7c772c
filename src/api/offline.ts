import { ResponseCode } from '../../types/api'
import { offlineCalls, type OfflineLessonFiles } from '../../types/offline'
import { ApiError, createCall } from './client'
import type { Post } from './client'

/** Why the server gives no download: the listener may not read the whole lesson, or it is gone. */
export type OfflineRefusal = 'notEntitled' | 'missing'

/** Lessons offline (types/offline.ts): what a download of the lesson may hold. */
export function createOfflineApi(post: Post) {
  const call = createCall(post)
  return {
    /** The download's messages and files, or why there is none; other failures reject (ApiError). */
    async files(courseData: string, coursePass?: string): Promise<OfflineLessonFiles | OfflineRefusal> {
      const refused = [ResponseCode.SessionExpired, ResponseCode.Forbidden, ResponseCode.NotFound, ResponseCode.Illegal, ResponseCode.ViewLimit]
      const res = await call(offlineCalls.files, { courseData, ...(coursePass ? { coursePass } : {}) }, { silent: true, passCodes: refused })
      if (res.code === ResponseCode.NotFound || res.code === ResponseCode.Illegal) return 'missing'
      if (res.code !== ResponseCode.Ok) return 'notEntitled'
      if (!res.data) throw new ApiError(res.code, res.msg, offlineCalls.files.path)
      return res.data.object
    },
  }
}

export type OfflineApi = ReturnType<typeof createOfflineApi>
