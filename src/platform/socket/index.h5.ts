import type { OpenSocket } from './types'

export type { ImSocket, OpenSocket, SocketHandlers } from './types'

/** The browser's WebSocket. */
export const openSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url)
  let closed = false
  const closeOnce = (): void => {
    if (closed) return
    closed = true
    handlers.onClose()
  }
  socket.onopen = () => handlers.onOpen()
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data)
  }
  socket.onclose = closeOnce
  socket.onerror = closeOnce
  return {
    send: (data) => socket.send(data),
    close: () => {
      socket.close()
      closeOnce()
    },
  }
}
