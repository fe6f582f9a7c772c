import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import type { ApiEnvelope } from '../../types/api'
import { ResponseCode } from '../../types/api'
import { isDatabaseUnavailable } from './sql'
import { fieldName, readerLanguage, textOf, type Language, type TextKey, type TextParams } from './messages'

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
 * Its text is always the catalogue's (core/messages.ts), written in the language of the request it
 * answers: there is no way to make one from a sentence.
 */
export class ApiRefusal extends Error {
  private constructor(
    readonly code: number,
    /** the catalogue text the reader sees, and its `{name}` places (a `field` is named for the reader) */
    readonly text: { key: TextKey; params: TextParams },
    readonly data: object | null,
  ) {
    super(textOf(text.key, 'en', text.params))
  }

  /** A refusal whose message is the catalogue's `key`, written in the language of the request it answers. */
  static say(code: number, key: TextKey, params: TextParams = {}, data: object | null = null): ApiRefusal {
    return new ApiRefusal(code, { key, params }, data)
  }

  /** The refusal's message in `language`. */
  textIn(language: Language): string {
    const { key, params } = this.text
    const field = params.field
    return textOf(key, language, typeof field === 'string' ? { ...params, field: fieldName(field, language) } : params)
  }
}

/** The catalogue's sentence for a schema failure (Ajv's keyword and its params), never Ajv's own words. */
function schemaRefusal(error: FastifySchemaValidationError): ApiRefusal {
  const code = ResponseCode.BadRequest
  if (error.keyword === 'required') return ApiRefusal.say(code, 'fieldRequired', { field: String(error.params.missingProperty) })
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  if (field === '') return ApiRefusal.say(code, 'fieldsNotForm')
  const limit = Number(error.params.limit)
  switch (error.keyword) {
    case 'maxLength':
      return ApiRefusal.say(code, 'fieldTooLong', { field, max: limit })
    case 'minLength':
      return limit <= 1 ? ApiRefusal.say(code, 'fieldEmpty', { field }) : ApiRefusal.say(code, 'fieldTooShort', { field, min: limit })
    case 'pattern':
      // text() fields: at least one visible character
      return error.params.pattern === '\\S' ? ApiRefusal.say(code, 'fieldEmpty', { field }) : ApiRefusal.say(code, 'fieldInvalid', { field })
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return ApiRefusal.say(code, 'fieldOutOfRange', { field })
    case 'enum':
      return ApiRefusal.say(code, 'fieldUnknownChoice', { field })
    case 'type':
      return error.params.type === 'integer' || error.params.type === 'number'
        ? ApiRefusal.say(code, 'fieldNotInteger', { field })
        : ApiRefusal.say(code, 'fieldInvalid', { field })
    default:
      return ApiRefusal.say(code, 'fieldInvalid', { field })
  }
}

/** Names the field and the rule it broke, in the reader's language: `请填写银行卡号`, `pageSize is out of range`. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[]): Error {
  return schemaRefusal(errors[0])
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
  const language = readerLanguage(request.headers['accept-language'])
  if (error instanceof ApiRefusal) {
    // a schema's refusal comes with Fastify's 400 (a page or media path keeps it); a route's answers 200
    answer(error.statusCode ?? 200, { code: error.code, msg: error.textIn(language), data: error.data })
    return
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    answer(
      status,
      fail(
        ResponseCode.BadRequest,
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? textOf('notFormEncoded', language)
          : textOf('badRequestBody', language, { what: error.code ?? 'unreadable body' }),
      ),
    )
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
  answer(500, fail(ResponseCode.ServerError, textOf('serverError', language)))
}
