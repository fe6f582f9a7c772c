/**
 * The server's log: JSON lines (Fastify's pino logger), one object a line, each request's lines
 * carrying its id (`reqId`), which the answer gives back in `x-request-id`.
 *
 * No secret or personal datum is written. What a request line holds is built here, from the
 * request's route pattern (`/lessonAdmin/*`, never the address it was asked with: paths and query
 * strings carry login data, OAuth codes and links' tokens), its method and its status; no header,
 * no body, no client address. Fields that other lines could pass by mistake (a token, a phone, a
 * card) are censored by name (`SECRET_FIELDS`).
 */
import { randomUUID } from 'node:crypto'
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'

/** The header a request's id comes in (from a load balancer) and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** An id a load balancer may give: letters, digits and `-_.:`, 8 to 128 of them (a UUID, a trace id). */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** What replaces a censored value. */
export const CENSORED = '[censored]'

/**
 * Names of fields whose values never reach a log, at the top of a logged object or one level
 * down: sessions and credentials, SMS codes, phone, card and ID numbers, real names, WeChat
 * identities, passwords, payment and signing keys.
 */
export const SECRET_FIELDS = [
  'token', 'accessToken', 'access_token', 'refresh_token', 'authorization', 'cookie', 'loginData', 'clientKey',
  'vcode', 'smsCode', 'phone', 'mobile', 'phoneNumber', 'idCardNo', 'bankNo', 'cardNo', 'realName',
  'openid', 'unionid', 'password', 'coursePass', 'playPass', 'secret', 'appSecret', 'apiV3Key', 'privateKey',
] as const

/** Where the lines go (stdout by default): a test collects them. */
export interface LogDestination {
  write(line: string): void
}

export interface LogSettings {
  /**
   * `LOG=1`: a line when each request comes in and when it is answered, and every line from the info
   * level up; otherwise errors only (a warning such as a missing site folder is the developer's, and
   * `npm start` prints its address and mode alone)
   */
  requests: boolean
  destination?: LogDestination
}

/** A request's route pattern: its route's URL, or `(site)` for the pages the not-found handler serves. */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '(site)'

/** The id of a request: its load balancer's, when well formed, else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID()
}

type LoggingOptions = Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'>

/** Fastify's settings for the log: none at all (`false`, the tests' default), or the JSON lines above. */
export function loggingOptions(settings: LogSettings | false): LoggingOptions {
  // Fastify's lines name the id `reqId`
  const ids = { genReqId: requestId, requestIdHeader: false } as const
  if (!settings) return { ...ids, logger: false }
  return {
    ...ids,
    logController: new LogController({ disableRequestLogging: !settings.requests }),
    logger: {
      level: settings.requests ? 'info' : 'error',
      redact: { paths: SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]), censor: CENSORED },
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, route: routeOf(request) }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
      ...(settings.destination ? { stream: settings.destination } : {}),
    },
  }
}

/** Every answer carries its request's id back, whether the log is on or not. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
}
