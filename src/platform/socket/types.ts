/** What a chat room client needs of a WebSocket; each build supplies one (tests supply `ws`). */
export interface SocketHandlers {
  onOpen(): void
  onMessage(data: string): void
  /** the socket is gone, whoever closed it; called once */
  onClose(): void
}

export interface ImSocket {
  send(data: string): void
  close(): void
}

export type OpenSocket = (url: string, handlers: SocketHandlers) => ImSocket
