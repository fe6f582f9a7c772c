import type { FastifyRequest } from 'fastify'
import type { Db } from '../core/db'

/** The user a request speaks for, proven by a live `sessions` row, never by a header alone. */
export interface Viewer {
  wmid: string
}

export type ViewerReader = (request: FastifyRequest, now: number) => Viewer | null

/**
 * Reads the `userid` and `token` headers. The token must exist, be unexpired and belong to that
 * userid; otherwise the request is anonymous (a forged userid gains nothing).
 */
export function createViewerReader(db: Db): ViewerReader {
  const session = db.prepare<[string, string, number], Viewer>(
    'SELECT wmid FROM sessions WHERE token = ? AND wmid = ? AND (expires_at IS NULL OR expires_at > ?)',
  )
  return (request, now) => {
    const { userid, token } = request.headers
    if (typeof userid !== 'string' || typeof token !== 'string' || userid === '' || token === '') return null
    return session.get(token, userid, now) ?? null
  }
}
