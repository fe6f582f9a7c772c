/**
 * The chat room layer: loaded only by the live package (docs/ARCHITECTURE.md "The im layer"). The
 * builds' edge is `platformEdge.ts` (imported on its own: tests pass their own sockets and SDK).
 */
export { createChatroomClient, type ChatroomEdge } from './createChatroomClient'
export { localChatroomAddress } from './local/address'
export { LocalChatroomClient, memoryClientKeys } from './local/LocalChatroomClient'
export { NeteaseChatroomClient } from './netease/NeteaseChatroomClient'
export { NeteaseModeration, type ModerationCall } from './netease/NeteaseModeration'
export type { NimChatroomSdk } from '../platform/imSdk/types'
export { ChatroomError } from './types'
export type {
  ChatroomChangesInfo,
  ChatroomClient,
  ChatroomErrorKind,
  ChatroomIdentity,
  ChatroomInfo,
  ChatroomMemberChange,
  ChatroomMemberInfo,
  ChatroomModeration,
  ChatroomStatus,
  ClientKeyStore,
  EnterOptions,
  EnterResult,
  ExitReason,
} from './types'
