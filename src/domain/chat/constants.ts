/**
 * The messaging library's connection and paging constants (spec 001 §9), used by our own chat room
 * clients (src/im) and the chat store.
 */
export const IM_LIMITS = {
  /** opening the socket gives up after this long */
  connectTimeoutMs: 10_000,
  /** the login answer (the chat room's handshake) gives up after this long */
  handshakeTimeoutMs: 10_000,
  /** the first reconnection waits this long; each next one doubles it */
  reconnectionDelayMs: 500,
  /** the wait before the final try with every address, after the attempts run out */
  reopenDelayMs: 3_000,
  /** reconnection attempts before the final try */
  maxReconnectionAttempts: 10,
  /** a command (send, history, members) without an answer fails after this long */
  commandTimeoutMs: 8_000,
  /** a ping this often keeps the connection known to be alive */
  heartbeatMs: 60_000,
  /** backoff defaults: the delay never goes below min or above max */
  backoffMinMs: 100,
  backoffMaxMs: 10_000,
  backoffFactor: 2,
  /** chat history batch (one 'load earlier') */
  historyBatch: 10,
  /** chatroom member page size */
  memberPageSize: 100,
} as const

/** Message type codes of the messaging library (spec 001 §3). */
export const IM_MESSAGE_TYPE = {
  text: 0,
  image: 1,
  audio: 2,
  video: 3,
  geo: 4,
  notification: 5,
  file: 6,
  tip: 10,
  robot: 11,
  custom: 100,
} as const

/** Chat room member types (spec 001 §3). */
export const CHATROOM_MEMBER_TYPE = {
  unset: -2,
  restricted: -1,
  common: 0,
  owner: 1,
  manager: 2,
  guest: 3,
  anonymous: 4,
} as const

export type ChatroomMemberType = keyof typeof CHATROOM_MEMBER_TYPE

/** Spec 001 §8: this error on a message send is trivial: the message counts as sent. */
export const TRIVIAL_SEND_ERROR = 7101
