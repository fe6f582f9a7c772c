import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../context'

/** One outside service's stand-in, served under `${STANDIN_PREFIX}/${name}` (server/outside/standinPath.ts). */
export interface Standin {
  /** the path under STANDIN_PREFIX, e.g. `wechat-pay` */
  readonly name: string
  readonly routes: FastifyPluginAsync<AppContext>
}
