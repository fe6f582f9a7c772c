/**
 * Session headers a seller, buyer or admin session carries on every call (spec 000 §6).
 * The server answers code 601 when a call that needs a session gets an unknown or expired one.
 */
export interface SessionHeaders {
  /** the user's wmid */
  userid: string
  token: string
}

export const SESSION_HEADER_NAMES: ReadonlyArray<keyof SessionHeaders> = ['userid', 'token']
