import Taro from '@tarojs/taro'
import type { OpenSocket } from './types'

export type { ImSocket, OpenSocket, SocketHandlers } from './types'

/** The mini-program's socket task (`wx.connectSocket`); the host must be a configured socket domain. */
export const openSocket: OpenSocket = (url, handlers) => {
  let task: Taro.SocketTask | undefined
  let closed = false
  const closeOnce = (): void => {
    if (closed) return
    closed = true
    handlers.onClose()
  }
  Taro.connectSocket({ url }).then(
    (created) => {
      task = created
      if (closed) {
        created.close({})
        return
      }
      created.onOpen(() => handlers.onOpen())
      created.onMessage((message) => {
        if (typeof message.data === 'string') handlers.onMessage(message.data)
      })
      created.onClose(closeOnce)
      created.onError(closeOnce)
    },
    closeOnce,
  )
  return {
    send: (data) => task?.send({ data }),
    close: () => {
      task?.close({})
      closeOnce()
    },
  }
}
