import { ResponseCode } from '../../types/api'
import type { IatAuth } from '../../types/speech'
import { speechCalls } from '../../types/speech'
import { ApiError, createCall } from './client'
import type { Post } from './client'

export function createSpeechApi(post: Post) {
  const call = createCall(post)
  return {
    /** The signed socket address and app id. Silent: the speech page shows the failure. */
    async iatAuth(): Promise<IatAuth> {
      const res = await call(speechCalls.iatAuth, {}, { silent: true })
      const auth = res.data?.object
      if (res.code !== ResponseCode.Ok || !auth?.authUrl) throw new ApiError(res.code, res.msg, speechCalls.iatAuth.path)
      return auth
    },
  }
}

export type SpeechApi = ReturnType<typeof createSpeechApi>
