import type { RawData } from 'ws'

/**
 * A `ws` message as UTF-8 text. ws hands a message over as a Buffer (its default binaryType), as an
 * array of Buffers ('fragments') or as an ArrayBuffer ('arraybuffer'); String() of either of the last
 * two would not be the text that was sent. The socket areas (chatroom/, speech/) read their frames
 * through this, whatever binaryType a socket has.
 */
export function wsText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data).toString('utf8')
}
