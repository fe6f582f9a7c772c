/**
 * The part of NetEase IM's chatroom SDK (nim-web-sdk-ng, v1 chatroom API) this app uses: the
 * boundary the NetEase adapter talks to and the tests fake. index.h5.ts and index.weapp.ts check
 * that the real SDK fits it.
 */
export interface NimChatroomMessage {
  chatroomId: string
  idClient: string
  from: string
  fromNick?: string
  fromAvatar?: string
  time: number
  type: string
  /**
   * The text, or the JSON sent: the SDK hands a JSON body on parsed (its formatChatroomMsg), so a
   * custom message's content and a file message's file (url, name, ext, size, md5, w, h, dur) arrive
   * as objects, though its typings say string.
   */
  body: string | Readonly<Record<string, unknown>>
  flow?: 'in' | 'out'
  attach?: Readonly<Record<string, unknown>>
  /** the sender's client: 'Web', 'Android', …, 'Server' for a message NetEase's server API sent */
  fromClientType?: string
}

export interface NimChatroomMember {
  account: string
  nick: string
  avatar: string
  type: 'unset' | 'restricted' | 'common' | 'owner' | 'manager' | 'guest' | 'anonymous'
  online?: boolean
  blacked?: boolean
  chatBanned?: boolean
  tempMuted?: boolean
  /** seconds left of a temporary mute */
  tempMuteDuration?: number
}

export interface NimChatroomInitOptions {
  appkey: string
  account: string
  token: string
  chatroomId: string
  chatroomAddresses: string[]
  needReconnect?: boolean
  reconnectionAttempts?: number
  isAnonymous?: boolean
  debugLevel?: string
}

/** Events: login done, put out of the room, the SDK's own reconnection, the connection gone. */
export interface NimChatroomEvents {
  logined: [result: { member: NimChatroomMember; chatroom: { name?: string; onlineMemberNum?: number; announcement?: string; mute?: boolean; creator?: string } }]
  kicked: [reason: { reason: string; message: string }]
  willReconnect: [params: { retryCount: number; duration: number }]
  disconnect: []
  chatroomMsg: [message: NimChatroomMessage]
}

export interface NimChatroomInstance {
  account: string
  connect(): Promise<void>
  destroy(): Promise<void>
  on<E extends keyof NimChatroomEvents>(event: E, listener: (...args: NimChatroomEvents[E]) => void): unknown
  chatroomMsg: {
    sendCustomMsg(options: { body: string }): Promise<NimChatroomMessage>
    queryMessageHistory(options: { timetag?: number; limit?: number; reverse?: boolean }): Promise<NimChatroomMessage[]>
  }
  chatroomMember: {
    queryMembers(options: { type: 'regular' | 'temp'; time?: number; limit?: number }): Promise<NimChatroomMember[]>
  }
}

/** The SDK's entry: `Chatroom.getInstance(options)`. */
export interface NimChatroomSdk {
  getInstance(options: NimChatroomInitOptions, otherOptions?: Record<string, unknown>): NimChatroomInstance
}
