import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'

/**
 * The local room's socket URL on the server at `base` (the API origin, e.g. `https://api.example.com`
 * or `http://127.0.0.1:3000/`): same host and port, ws for http and wss for https. Anything that is
 * not an absolute http(s) URL gives undefined.
 */
export function localChatroomAddress(base: string): string | undefined {
  const match = /^(https?):\/\/([^/?#\s]+)/i.exec(base.trim())
  if (!match) return undefined
  return `${match[1].toLowerCase() === 'https' ? 'wss' : 'ws'}://${match[2]}${CHATROOM_SOCKET_PATH}`
}

/**
 * The socket URL that asks the room to answer in `language` (the app's): a browser's WebSocket and
 * the mini-program's socket send no Accept-Language of the app's, so the room reads `lang`.
 */
export function withSocketLanguage(address: string, language: string): string {
  const hash = address.indexOf('#')
  const [path, fragment] = hash < 0 ? [address, ''] : [address.slice(0, hash), address.slice(hash)]
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}${fragment}`
}
