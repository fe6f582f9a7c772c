import { liveModerationCalls, type LiveModerationAnswer, type LiveModerationBody } from '../../types/liveModeration'
import { createCall, type Post } from './client'

/** The host's tools in a NetEase IM room through our server (types/liveModeration.ts); the panel shows each failure itself. */
export function createLiveModerationApi(post: Post) {
  const call = createCall(post)
  return {
    async moderate(courseData: string, fields: Omit<LiveModerationBody, 'courseData'>): Promise<LiveModerationAnswer> {
      return (await call(liveModerationCalls.moderate, { courseData, ...fields }, { silent: true })).data.object
    },
  }
}
