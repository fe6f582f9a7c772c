import { loadNimChatroomSdk } from '../platform/imSdk'
import { openSocket } from '../platform/socket'
import type { ChatroomEdge } from './createChatroomClient'

/** The builds' edge for createChatroomClient: the platform socket and the platform SDK loader. */
export const platformChatroomEdge: ChatroomEdge = { openSocket, loadNimSdk: loadNimChatroomSdk }
