import { ResponseCode } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { testOrderCalls } from '../../types/testOrder'
import { ApiError, createCall } from './client'
import type { Post } from './client'

/** The test page's demo order (spec 000 §7 `/gzh/test/order/create.do`). */
export function createTestOrderApi(post: Post) {
  const call = createCall(post)
  return {
    /** The order of `requestId` (the same one on every call). Silent: the test page shows the failure. */
    async create(requestId: string): Promise<PayConfig> {
      const res = await call(testOrderCalls.create, { requestId }, { silent: true })
      const config = res.data?.object
      if (res.code !== ResponseCode.Ok || !config) throw new ApiError(res.code, res.msg, testOrderCalls.create.path)
      return config
    },
  }
}

export type TestOrderApi = ReturnType<typeof createTestOrderApi>
