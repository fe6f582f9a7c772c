import type { OpenSocket } from '../platform/socket'
import { LocalChatroomClient } from './local/LocalChatroomClient'
import { NeteaseChatroomClient, type NetEaseFileSender } from './netease/NeteaseChatroomClient'
import type { NimChatroomSdk } from '../platform/imSdk/types'
import type { ChatroomClient, ClientKeyStore } from './types'

export interface ChatroomEdge {
  openSocket: OpenSocket
  loadNimSdk: () => Promise<NimChatroomSdk>
  /** where the local room's client key is kept; in memory when none is given */
  clientKeys?: ClientKeyStore
}

/** What the rooms need of our server: a NetEase room's files go through it (the local room's through its own socket). */
export interface ChatroomServerCalls {
  sendNetEaseFile?: NetEaseFileSender
}

/**
 * The room's carrier: NetEase IM when the live info names an appKey, the reference server's local
 * chat room (its socket URL as the address) when it does not.
 */
export function createChatroomClient(appKey: string | undefined, edge: ChatroomEdge, server: ChatroomServerCalls = {}): ChatroomClient {
  return appKey
    ? new NeteaseChatroomClient(appKey, edge.loadNimSdk, server.sendNetEaseFile ? { sendFile: server.sendNetEaseFile } : {})
    : new LocalChatroomClient(edge.openSocket, edge.clientKeys)
}
