/**
 * The endpoint contract: each backend call declares its path, its body fields and its answer once
 * (in `types/<area>.ts`), and both the app's api layer and the reference server build on that
 * declaration, so the two cannot drift. test/server/contract.test.ts checks every entry against
 * the routes the server registers.
 */

/** A form field value: bodies are form-encoded, so a field is text or a number, or absent. */
export type WireValue = string | number | undefined

/** A body type whose every field is a form value. */
export type WireFields<Body> = { readonly [K in keyof Body]: WireValue }

export type FieldRule = 'required' | 'optional'

/**
 * Every body field with its rule; the rule follows the body type (an optional property is
 * 'optional': an object without properties is a `Pick` of it), so the runtime list cannot disagree
 * with the type the client and server use.
 */
export type FieldRules<Body> = {
  readonly [K in keyof Body]-?: Record<string, never> extends Pick<Body, K> ? 'optional' : 'required'
}

declare const wire: unique symbol

/**
 * One POST call. `Answer` is the `data` of the envelope it answers with code 200. `Others` is
 * true when the body may carry fields beyond `fields` that the server reads too (a payment
 * notification: its signature covers every field sent); otherwise only `fields` reach the server.
 */
export interface Endpoint<Body, Answer, Others extends boolean = false> {
  readonly path: string
  readonly fields: FieldRules<Body>
  readonly otherFields: Others
  /** Types only, never present at run time. */
  readonly [wire]?: { body: Body; answer: Answer }
}

/** An endpoint whatever its types: what the contract test walks. */
export interface AnyEndpoint {
  readonly path: string
  readonly fields: Readonly<Record<string, FieldRule>>
  readonly otherFields: boolean
}

export function endpoint<Body extends WireFields<Body>, Answer>(path: string, fields: FieldRules<Body>): Endpoint<Body, Answer>
export function endpoint<Body extends WireFields<Body>, Answer>(
  path: string,
  fields: FieldRules<Body>,
  options: { otherFields: true },
): Endpoint<Body, Answer, true>
export function endpoint<Body extends WireFields<Body>, Answer>(
  path: string,
  fields: FieldRules<Body>,
  options?: { otherFields: true },
): Endpoint<Body, Answer, boolean> {
  return Object.freeze({ path, fields: Object.freeze({ ...fields }), otherFields: options !== undefined })
}

/** The field names of an endpoint that a request must carry. */
export function requiredFields(call: AnyEndpoint): string[] {
  return Object.keys(call.fields).filter((name) => call.fields[name] === 'required')
}
