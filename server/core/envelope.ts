import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import type { ApiEnvelope } from '../../types/api'
import { ResponseCode } from '../../types/api'
import { isDatabaseUnavailable } from './sql'
import { readerLanguage, textOf, type TextKey, type TextParams } from './messages'

/**
 * Path prefixes of backend calls (spec 000 §7) and of the development endpoints (which the
 * client calls the same way): everything else is the H5 site or media.
 */
const API_PREFIXES = ['/wmim/', '/wx/', '/gzh/', '/dev/']

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix))
}

/**
 * Every call answers HTTP 200 with `{code, msg, data}` like the real backend; the client reads
 * `code`, never the HTTP status.
 */
export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: ResponseCode.Ok, msg: 'success', data }
}

export function fail(code: number, msg: string): ApiEnvelope<null> {
  return { code, msg, data: null }
}

/**
 * A refusal decided by a route (access rule, unknown lesson): answered as its envelope, with
 * `data` null unless the refusal carries what the client needs to show it (how long to wait).
 */
export class ApiRefusal extends Error {
  /** the catalogue text the reader sees, in their language (core/messages.ts); none: `message` as it is */
  text: { key: TextKey; params: TextParams } | undefined

  constructor(
    readonly code: number,
    message: string,
    readonly data: object | null = null,
  ) {
    super(message)
  }

  /** A refusal whose message is the catalogue's `key`, written in the language of the request it answers. */
  static say(code: number, key: TextKey, params: TextParams = {}): ApiRefusal {
    const refusal = new ApiRefusal(code, textOf(key, 'en', params))
    refusal.text = { key, params }
    return refusal
  }
}

function fieldOf(error: FastifySchemaValidationError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty)
  return error.instancePath.replace(/^\//, '').replace(/\//g, '.')
}

/** Names the field and the rule it broke: `pageSize must be <= 100`, `courseData is required`. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[]): Error {
  const [first] = errors
  const field = fieldOf(first)
  if (first.keyword === 'required') return new Error(`${field} is required`)
  if (field === '') return new Error('the body must be form-encoded fields')
  return new Error(`${field} ${first.message ?? 'is invalid'}`)
}

/**
 * Turns every failure into an envelope: validation (400), bodies that cannot be parsed or are
 * not form-encoded (400), refusals (their code), anything unexpected (500, logged, no details).
 * Calls answer HTTP 200 like the backend; media and pages keep the HTTP status.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = (status: number, envelope: ApiEnvelope<object | null>): void => {
    // a route's answer schema (contractRoute) describes its success data, not a refusal's (a wait)
    reply
      .status(isApiPath(request.url) ? 200 : status)
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(envelope)
  }
  if (error instanceof ApiRefusal) {
    const msg = error.text ? textOf(error.text.key, readerLanguage(request.headers['accept-language']), error.text.params) : error.message
    answer(200, { code: error.code, msg, data: error.data })
    return
  }
  if (error.validation) {
    answer(400, fail(ResponseCode.BadRequest, error.message))
    return
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'the body must be form-encoded (application/x-www-form-urlencoded)'
        : `bad request: ${error.code ?? 'unreadable body'}`
    answer(status, fail(ResponseCode.BadRequest, msg))
    return
  }
  if (isDatabaseUnavailable(error)) {
    // the engine is away (core/sql): the call changed nothing, and the client may make it again
    request.log.warn({ err: error }, 'the database is unavailable')
    reply.header('retry-after', '5')
    answer(503, fail(ResponseCode.Unavailable, textOf('databaseUnavailable', readerLanguage(request.headers['accept-language']))))
    return
  }
  request.log.error(error)
  answer(500, fail(ResponseCode.ServerError, 'server error, please try again later'))
}
