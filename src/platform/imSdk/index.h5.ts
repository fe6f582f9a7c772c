import type { NimChatroomSdk } from './types'

/** H5: the browser chatroom build, in its own chunk fetched on first use (only rooms with an appKey). */
export const loadNimChatroomSdk = async (): Promise<NimChatroomSdk> => {
  const mod = await import(/* webpackChunkName: "nim-chatroom" */ 'nim-web-sdk-ng/dist/v1/CHATROOM_BROWSER_SDK')
  const sdk: NimChatroomSdk = mod.default
  return sdk
}
