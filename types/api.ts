/**
 * The envelope every backend call answers with (spec 000 §7, 001 §7).
 * `code` 200 is success; 404 ends a list; 505 skips share setup; 601 is an expired session;
 * 8 is a lesson over its view limit. Anything else carries a user-facing `msg`.
 */
export interface ApiEnvelope<T = unknown> {
  code: number
  msg: string
  data: T
}

/** `data` of a call that answers one object. */
export interface ObjectData<T> {
  object: T
}

/** `data` of a list call. */
export interface ArrayData<T> {
  array: T[]
}

export const ResponseCode = {
  Ok: 200,
  NotFound: 404,
  ShareConfigUnavailable: 505,
  SessionExpired: 601,
  ViewLimit: 8,
  BadRequest: 400,
  Forbidden: 403,
  PasswordRequired: 402,
  Illegal: 451,
  ServerError: 500,
  /** the database is away for a moment: nothing was changed, try again shortly */
  Unavailable: 503,
} as const
