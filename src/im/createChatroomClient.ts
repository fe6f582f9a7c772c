import type { OpenSocket } from '../platform/socket'
import { LocalChatroomClient } from './local/LocalChatroomClient'
import { NeteaseChatroomClient } from './netease/NeteaseChatroomClient'
import type { NimChatroomSdk } from '../platform/imSdk/types'
import type { ChatroomClient, ClientKeyStore } from './types'

export interface ChatroomEdge {
  openSocket: OpenSocket
  loadNimSdk: () => Promise<NimChatroomSdk>
  /** where the local room's client key is kept; in memory when none is given */
  clientKeys?: ClientKeyStore
}

/**
 * The room's carrier: NetEase IM when the live info names an appKey, the reference server's local
 * chat room (its socket URL as the address) when it does not.
 */
export function createChatroomClient(appKey: string | undefined, edge: ChatroomEdge): ChatroomClient {
  return appKey ? new NeteaseChatroomClient(appKey, edge.loadNimSdk) : new LocalChatroomClient(edge.openSocket, edge.clientKeys)
}
