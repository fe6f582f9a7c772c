import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiEnvelope } from '../../types/api'
import type { Endpoint } from '../../types/contract'
import { requiredFields } from '../../types/contract'
import { assertBoundedNumbers, formFieldsOnly } from './schema'
import type { FieldSchema } from './schema'

/** One schema per contract field, no more: a field the contract lacks does not compile. */
type FieldSchemas<Body, S> = S & { readonly [K in Exclude<keyof S, keyof Body>]: never }

/** The fields whose schema gives a default: present in the body a handler sees. */
type Defaulted<S> = { [K in keyof S]: S[K] extends { default: unknown } ? K : never }[keyof S]

/**
 * The body a handler sees: the contract's fields, those with a schema default always filled in,
 * and, for an endpoint that takes other fields, those too (form fields are text).
 */
export type HandledBody<Body, S, Others extends boolean> = Body & {
  [K in Defaulted<S> & keyof Body]-?: Exclude<Body[K], undefined>
} & (Others extends true ? Readonly<Record<string, string>> : unknown)

/** What a handler answers: the endpoint's envelope, or the reply itself for a non-envelope call (`never`). */
type Answered<Answer> = [Answer] extends [never] ? FastifyReply : ApiEnvelope<Answer>

/**
 * Every field of the contract with its rules (`required` comes from the contract); for an
 * endpoint that takes other fields, their schema and the most fields a body may have.
 */
export type ContractSchema<Body, S, Others extends boolean> = {
  fields: FieldSchemas<Body, S>
  /**
   * The JSON schema of the answer's `data`: the envelope is then serialised by Fastify's compiled
   * serialiser (faster than JSON.stringify on hot calls) and a field the schema lacks is never sent.
   */
  answer?: FieldSchema
} & (Others extends true
  ? { otherFields: { schema: FieldSchema; maxFields: number } }
  : { otherFields?: never })

/**
 * An answer serialised by its route's own serialiser (the compiled one of `answer`), sent as it
 * is: for a handler that keeps answers (server/lesson/pageCache.ts) and so serialises each once.
 */
export class SerializedAnswer {
  private constructor(readonly json: string) {}

  /** The envelope as the route answering `reply` serialises it. */
  static of<Answer>(reply: FastifyReply, envelope: ApiEnvelope<Answer>): SerializedAnswer {
    const json = reply.serialize(envelope)
    // the app sets no serialiser of its own: a schema's compiled one and JSON.stringify give text
    if (typeof json !== 'string') throw new Error('the route serialiser did not give text')
    return new SerializedAnswer(json)
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** `{code, msg, data}` with `data` as the schema gives it, or null (refusals and errors answer 200 too). */
function envelopeSchema(data: FieldSchema): FieldSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer' },
      msg: { type: 'string' },
      data: { ...data, type: [data.type, 'null'] },
    },
  }
}

/**
 * Registers an endpoint of the contract (types/contract.ts) as a POST route whose body schema
 * has exactly the contract's fields and required list. Fields the contract does not name are
 * dropped before the handler runs, unless the endpoint takes other fields (then they are checked
 * against `otherFields`). Number fields must be bounded integers written in decimal digits
 * (core/schema.ts), so no call sees a non-finite or out-of-range number.
 */
export function contractRoute<
  Body,
  Answer,
  Others extends boolean,
  S extends { readonly [K in keyof Body]-?: FieldSchema },
>(
  app: FastifyInstance,
  endpoint: Endpoint<Body, Answer, Others>,
  schema: ContractSchema<Body, S, Others>,
  handler: (
    request: FastifyRequest<{ Body: HandledBody<Body, S, Others> }>,
    reply: FastifyReply,
  ) => Promise<Answered<Answer> | SerializedAnswer>,
): void {
  const { otherFields } = schema
  assertBoundedNumbers(endpoint.path, schema.fields)
  const body = {
    type: 'object',
    required: requiredFields(endpoint),
    properties: schema.fields,
    ...(otherFields ? { additionalProperties: otherFields.schema, maxProperties: otherFields.maxFields } : { additionalProperties: false }),
  }
  const response = schema.answer ? { response: { 200: envelopeSchema(schema.answer) } } : {}
  app.post<{ Body: HandledBody<Body, S, Others> }>(
    endpoint.path,
    { schema: { body, ...response }, preValidation: formFieldsOnly(schema.fields) },
    async (request, reply) => {
      const answer = await handler(request, reply)
      return answer instanceof SerializedAnswer ? reply.type(JSON_TYPE).send(answer.json) : answer
    },
  )
}
