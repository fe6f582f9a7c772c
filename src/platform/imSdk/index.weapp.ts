import Chatroom from 'nim-web-sdk-ng/dist/v1/CHATROOM_MINIAPP_SDK'
import type { NimChatroomSdk } from './types'

/**
 * Mini-program: the miniapp chatroom build. Mini-programs load no async chunks; this module is
 * reached only from the live subpackage, which WeChat downloads when a live page opens.
 */
export const loadNimChatroomSdk = async (): Promise<NimChatroomSdk> => {
  const sdk: NimChatroomSdk = Chatroom
  return sdk
}
