/**
 * Files, images and audio in the live chat (spec 001 §3 "File message", §4 "Chunked upload", §5 the
 * 50 MB audio limit, §7 the library's chunked upload): the upload's calls and its chunk protocol.
 *
 * 1. `chatUploadCalls.init` (a form call, with the session) declares the file for a room: its kind,
 *    name and size; the server checks them and answers an upload id, its token and the chunk size.
 * 2. Each chunk is a POST of the raw bytes to `CHAT_UPLOAD_PATH/<uploadId>?offset=&complete=&context=&version=1.0`
 *    with the token in the `x-nos-token` header (and the session headers). Each answer says the
 *    next `offset` and the `context` to send with the next chunk; the last chunk (`complete=true`)
 *    is answered with the stored file. A refusal answers `{ errCode, errMsg }`: an upload response
 *    carrying either is an error (spec 001 §8).
 * 3. The file message is sent to the room with the stored file's `url`: the room takes it only
 *    from the account that uploaded it to that room, and writes the message from the upload's
 *    record (the client's own claims of type, size or name are not what others see). In a NetEase
 *    IM room (the live's play answer carries an appKey) the app asks this server instead
 *    (`chatUploadCalls.sendNetEase`): it checks the sender may speak in that live's room and that
 *    the file is the sender's upload to it, then sends it through NetEase's server API in the
 *    sender's name (chatroom/sendMsg.action, msgType 1, 2 or 6, the attach written from the
 *    upload's record); NetEase delivers it to every member as sent by the server.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

export type ChatFileKind = 'image' | 'audio' | 'file'

/** The messaging library's type code of a file message (NetEase's msgType, spec 001 §3). */
export type ChatFileTypeCode = 1 | 2 | 6

/** The type code each kind of file message is sent with. */
export const CHAT_FILE_TYPE_CODES: Readonly<Record<ChatFileKind, ChatFileTypeCode>> = { image: 1, audio: 2, file: 6 }

const MB = 1024 * 1024
/** Largest file of each kind: audio 50 MB (spec 001 §5, §9); an image 10 MB; any other file 50 MB. */
export const CHAT_FILE_LIMITS: Readonly<Record<ChatFileKind, number>> = { image: 10 * MB, audio: 50 * MB, file: 50 * MB }

/** The extensions each kind takes: nothing a browser would run as a page or script. */
export const CHAT_FILE_EXTENSIONS: Readonly<Record<ChatFileKind, readonly string[]>> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  audio: ['mp3', 'm4a', 'aac', 'wav', 'amr'],
  file: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip', 'mp3', 'm4a', 'wav'],
}

export const CHAT_UPLOAD_NAME_MAX = 100
/** A chunk's size: 1 MB (the last one may be shorter). */
export const CHAT_UPLOAD_CHUNK = 1024 * 1024
export const CHAT_UPLOAD_PATH = '/im/upload'
export const CHAT_UPLOAD_TOKEN_HEADER = 'x-nos-token'

export interface ChatUploadTicket {
  uploadId: string
  /** sent in CHAT_UPLOAD_TOKEN_HEADER with each chunk */
  token: string
  chunkSize: number
}

/** The file message's file (spec 001 §3: url, ext, size), as stored and as the room carries it. */
export interface ChatFile {
  type: ChatFileKind
  url: string
  ext: string
  /** bytes */
  size: number
  name: string
  /** an image's pixels, when known */
  w?: number
  h?: number
}

/** A chunk's answer: the next offset and context, and, after the last chunk, the stored file. */
export interface ChatChunkAnswer {
  offset: number
  context: string
  file?: ChatFile
}

/** A refused chunk (spec 001 §8: an upload response with errMsg or errCode is an error); `offset` is where to go on, when it is known. */
export interface ChatChunkRefusal {
  errCode: number
  errMsg: string
  offset?: number
}

/** A file message NetEase took from this server in the sender's name: what the room's members receive. */
export interface NetEaseFileMessage {
  idClient: string
  from: string
  fromNick: string
  fromAvatar: string
  time: number
  /** the type code: image 1, audio 2, file 6 */
  type: number
  /** the file as NetEase carries it (its attach) */
  attach: ChatFile
}

export const chatUploadCalls = {
  init: endpoint<{ chatroomId: string; type: string; name: string; size: number }, ObjectData<ChatUploadTicket>>('/wmim/live/chatroom/upload/init.do', {
    chatroomId: 'required',
    type: 'required',
    name: 'required',
    size: 'required',
  }),
  sendNetEase: endpoint<{ chatroomId: string; url: string; idClient: string }, ObjectData<NetEaseFileMessage>>('/wmim/live/chatroom/upload/sendNetEase.do', {
    chatroomId: 'required',
    url: 'required',
    idClient: 'required',
  }),
} as const
