import { ResponseCode } from '../../types/api'
import type { ShareConfig } from '../../types/share'
import { shareCalls } from '../../types/share'
import { createCall } from './client'
import type { Post } from './client'

/** WeChat JS-SDK signing (spec 000 §7, 001 §7). */
export function createShareApi(post: Post) {
  const call = createCall(post)

  return {
    /** `registerUrl` is the page URL without its fragment; code 505 (or any failure) means no share setup. */
    async shareConfig(registerUrl: string): Promise<ShareConfig | undefined> {
      const res = await call(shareCalls.shareConfig, { registerUrl }, { silent: true })
      return res.code === ResponseCode.ShareConfigUnavailable ? undefined : res.data?.object
    },
  }
}

export type ShareApi = ReturnType<typeof createShareApi>
