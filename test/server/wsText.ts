/** The server's own decoding of a `ws` message (server/core/wsText.ts), for the tests' sockets. */
export { wsText } from '../../server/core/wsText'
