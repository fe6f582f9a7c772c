/**
 * Speech-to-text (spec 000 §7): `/wmim/message/getIatAuth.do` hands out a signed IAT websocket
 * address and the app id. With iFlytek credentials (`IFLYTEK_APP_ID`, `IFLYTEK_API_KEY`,
 * `IFLYTEK_API_SECRET`) it signs iFlytek's own address; without them it signs the address of the
 * stand-in here (LOCAL_IAT_PATH, session.ts), which speaks the same protocol and knows the seeded
 * recordings. The stand-in checks the signature and date like iFlytek does, keeps every session
 * in its socket and reads the recordings from disk, so any worker of the cluster can serve it.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer } from 'ws'
import { ResponseCode } from '../../types/api'
import { type AttemptCounter, type AttemptLimit, waitMinutes } from '../core/attempts'
import { ApiRefusal, ok } from '../core/envelope'
import type { Db } from '../core/sql'
import { contractRoute } from '../core/contractRoute'
import { publicOrigin, requestTarget } from '../core/urls'
import { WORKER_HEADER, workerName } from '../core/worker'
import { wsText } from '../core/wsText'
import { LOCAL_IAT_PATH, speechCalls } from '../../types/speech'
import type { IatAuth } from '../../types/speech'
import { loadRecordings } from './recordings'
import { IatSession } from './session'
import { signIatUrl, verifyIatQuery, type IatKeys } from './sign'
import { OperatorRefusal } from '../core/operatorTexts'

export const IFLYTEK_IAT_URL = 'wss://iat-api.xfyun.cn/v2/iat'

export interface IflytekConfig extends IatKeys {
  appId: string
}

/** The stand-in's own app id and keys: it guards nothing but the protocol's shape. */
export const LOCAL_IAT: IflytekConfig = { appId: 'local-iat', apiKey: 'local-iat-key', apiSecret: 'local-iat-secret' }

/** iFlytek closes a session that sends nothing for 10 s. */
const IDLE_MS = 10_000
/** A frame of 1280 samples is about 3.5 KB of JSON; far more is not a frame. */
const MAX_FRAME_BYTES = 64 * 1024

/** The iFlytek credentials when all three are set; one or two of them is a mistake worth stopping for. */
export function iflytekFromEnv(env: Readonly<Record<string, string | undefined>>): IflytekConfig | undefined {
  const appId = env.IFLYTEK_APP_ID
  const apiKey = env.IFLYTEK_API_KEY
  const apiSecret = env.IFLYTEK_API_SECRET
  if (!appId && !apiKey && !apiSecret) return undefined
  if (!appId || !apiKey || !apiSecret) throw new OperatorRefusal('startupIflytekPartial')
  return { appId, apiKey, apiSecret }
}

/**
 * Signed speech addresses one client may get in a window: each is a credential for the paid
 * speech service (or the stand-in), and the speech page asks for one per recording.
 */
export const IAT_AUTH_LIMIT: AttemptLimit = { max: 30, windowMs: 10 * 60_000 }

export interface SpeechOptions {
  iflytek?: IflytekConfig
  mediaDir: string
  /** the database and the attempt counts that limit the signed addresses per client */
  db: Db
  attempts: AttemptCounter
  now?: () => number
}

export async function speechRoutes(app: FastifyInstance, opts: SpeechOptions): Promise<void> {
  const now = opts.now ?? Date.now
  const recordings = loadRecordings(opts.mediaDir)

  contractRoute(app, speechCalls.iatAuth, { fields: {} }, async (request) => {
    const bucket = `iat-auth:${request.ip}`
    const waitMs = await opts.db.transaction(async (tx) => {
      const wait = await opts.attempts.waitMs(tx, bucket, IAT_AUTH_LIMIT, now())
      if (wait === 0) await opts.attempts.add(tx, [{ bucket, windowMs: IAT_AUTH_LIMIT.windowMs }], now())
      return wait
    })
    if (waitMs > 0) throw ApiRefusal.say(ResponseCode.Forbidden, 'tooManySpeechSessions', { minutes: waitMinutes(waitMs) })
    if (opts.iflytek) {
      return ok<{ object: IatAuth }>({ object: { authUrl: signIatUrl(IFLYTEK_IAT_URL, opts.iflytek, now()), appId: opts.iflytek.appId } })
    }
    const origin = publicOrigin(request).replace(/^http/, 'ws')
    return ok<{ object: IatAuth }>({ object: { authUrl: signIatUrl(origin + LOCAL_IAT_PATH, LOCAL_IAT, now()), appId: LOCAL_IAT.appId } })
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const worker = workerName()
  if (worker !== undefined) wss.on('headers', (headers) => headers.push(`${WORKER_HEADER}: ${worker}`))
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = requestTarget(request.url)
    if (url?.pathname !== LOCAL_IAT_PATH) return
    if (!verifyIatQuery(url.searchParams, url.pathname, request.headers.host ?? '', LOCAL_IAT, now())) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      let idle: ReturnType<typeof setTimeout> | undefined
      const session = new IatSession(LOCAL_IAT.appId, recordings, {
        send: (answer) => ws.send(JSON.stringify(answer)),
        close: () => {
          clearTimeout(idle)
          ws.close(1000)
        },
      }, `local${randomBytes(6).toString('hex')}`)
      const watch = (): void => {
        clearTimeout(idle)
        idle = setTimeout(() => session.timeout(), IDLE_MS)
      }
      watch()
      ws.on('message', (data, isBinary) => {
        if (session.done) return
        watch()
        session.receive(isBinary ? '' : wsText(data))
      })
      ws.on('close', () => clearTimeout(idle))
      ws.on('error', () => ws.terminate())
    })
  }
  app.server.on('upgrade', onUpgrade)
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade)
    for (const client of wss.clients) client.terminate()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
  })
}
