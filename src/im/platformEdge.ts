import { STORAGE_KEYS } from '../domain/storageKeys'
import { loadNimChatroomSdk } from '../platform/imSdk'
import { openSocket } from '../platform/socket'
import { taroStorage } from '../platform/storage'
import type { ChatroomEdge } from './createChatroomClient'

/**
 * The builds' edge for createChatroomClient: the platform socket, the platform SDK loader, and the
 * local room's client key kept in the platform's storage (so the same guest comes back).
 */
export const platformChatroomEdge: ChatroomEdge = {
  openSocket,
  loadNimSdk: loadNimChatroomSdk,
  clientKeys: {
    read: () => taroStorage.get(STORAGE_KEYS.chatClientKey),
    write: (key) => taroStorage.set(STORAGE_KEYS.chatClientKey, key),
    forget: () => taroStorage.remove(STORAGE_KEYS.chatClientKey),
  },
}
