import { STORAGE_KEYS } from '../domain/storageKeys'
import { getLocale } from '../locales'
import { loadNimChatroomSdk } from '../platform/imSdk'
import { openSocket } from '../platform/socket'
import { taroStorage } from '../platform/storage'
import type { ChatroomEdge } from './createChatroomClient'
import { withSocketLanguage } from './local/address'

/**
 * The builds' edge for createChatroomClient: the platform socket (asking the room to answer in the
 * app's language), the platform SDK loader, and the local room's client key kept in the platform's
 * storage (so the same guest comes back).
 */
export const platformChatroomEdge: ChatroomEdge = {
  openSocket: (url, handlers) => openSocket(withSocketLanguage(url, getLocale()), handlers),
  loadNimSdk: loadNimChatroomSdk,
  clientKeys: {
    read: () => taroStorage.get(STORAGE_KEYS.chatClientKey),
    write: (key) => taroStorage.set(STORAGE_KEYS.chatClientKey, key),
    forget: () => taroStorage.remove(STORAGE_KEYS.chatClientKey),
  },
}
