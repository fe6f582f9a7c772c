/**
 * File, image and audio messages of the live chat (spec 001 §3 "File message": a type, and a file
 * with url, ext and size stored as serialised text; audio without an mp3 url gets one derived from
 * the file url; secure-page mode forces https. §5: a file's type must be a valid one and the file
 * must carry url, ext and size; audio over 50 MB is refused). Pure: no Taro, no network.
 */
import type { ChatFile, ChatFileKind } from '../../../types/chatUpload'
import { CHAT_FILE_EXTENSIONS, CHAT_FILE_LIMITS, CHAT_FILE_TYPE_CODES, CHAT_UPLOAD_NAME_MAX } from '../../../types/chatUpload'
import { decodeRecord, field, isRecord } from '../coerce'
import { safeUrl } from '../message/url'

/** A file as a received message carries it, checked. */
export interface LiveFile extends ChatFile {
  /** audio: the mp3 to play (the file's own, or derived from its url) */
  mp3Url?: string
}

/** The library's file types (spec 001 §3: file by default; image, audio, video also accepted). */
const FILE_TYPES: ReadonlySet<string> = new Set(['file', 'image', 'audio', 'video'])

/** The message type code each kind is sent with, and the kind a code carries. */
export const KIND_OF_CODE: Readonly<Record<number, ChatFileKind>> = { 1: 'image', 2: 'audio', 6: 'file' }
export const codeOfKind = (kind: ChatFileKind): number => CHAT_FILE_TYPE_CODES[kind]

/** NetEase's audio conversion query: the file as mp3 (spec 001 §3, the library's own derivation). */
export function derivedMp3Url(url: string, ext: string): string {
  if (ext === 'mp3') return url
  return `${url}${url.includes('?') ? '&' : '?'}audioTrans&type=mp3`
}

/** Secure-page mode (the page itself on https) forces https on an http url. */
const secured = (url: string, secure: boolean): string => (secure && /^http:\/\//i.test(url) ? `https://${url.slice(7)}` : url)

/**
 * The file a received file, image or audio message (type code 1, 2 or 6) carries, or undefined
 * when it is not one: a body that is not the file JSON, an unknown type, an unsafe url (only
 * http(s) and same-origin paths), an ext that is not letters and digits, a size that is not a whole
 * number of bytes. Never throws.
 */
export function readChatFile(code: number, body: unknown, secure: boolean): LiveFile | undefined {
  const kind = KIND_OF_CODE[code]
  const file = isRecord(body) ? body : decodeRecord(body)
  if (kind === undefined || file === undefined) return undefined
  const type = field(file, 'type') ?? kind
  const rawUrl = safeUrl(field(file, 'url'))
  const ext = field(file, 'ext')
  const size = field(file, 'size')
  if (typeof type !== 'string' || !FILE_TYPES.has(type) || type !== kind) return undefined
  if (rawUrl === undefined || typeof ext !== 'string' || !/^[a-z0-9]{1,8}$/i.test(ext)) return undefined
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined
  const url = secured(rawUrl, secure)
  const name = field(file, 'name')
  const w = field(file, 'w')
  const h = field(file, 'h')
  const result: LiveFile = {
    type: kind,
    url,
    ext: ext.toLowerCase(),
    size,
    name: typeof name === 'string' && name.trim() !== '' ? name.slice(0, CHAT_UPLOAD_NAME_MAX) : `${kind}.${ext.toLowerCase()}`,
    ...(typeof w === 'number' && typeof h === 'number' && Number.isSafeInteger(w) && Number.isSafeInteger(h) && w > 0 && h > 0 ? { w, h } : {}),
  }
  if (kind === 'audio') {
    const given = safeUrl(field(file, 'mp3Url'))
    result.mp3Url = secured(given ?? derivedMp3Url(url, result.ext), secure)
  }
  return result
}

/**
 * NetEase IM's own storage (NOS), where its clients' SDKs upload a chat file: `<bucket>.nosdn.127.net`,
 * `<bucket>-nosdn.netease.im` and `nos.netease.com` (NetEase's documented download addresses). A url
 * with a user part, a port or any other host is not NetEase's. Never throws.
 */
export function onNetEaseStorage(url: string): boolean {
  const host = /^https?:\/\/([a-z0-9.-]{1,253})(?=[/?#]|$)/i.exec(url)?.[1]?.toLowerCase()
  if (host === undefined) return false
  return /^[a-z0-9-]{1,63}\.nosdn\.127\.net$/.test(host) || /^[a-z0-9-]{1,63}-nosdn\.netease\.im$/.test(host) || /^([a-z0-9-]{1,63}\.)?nos\.netease\.com$/.test(host)
}

/** The url to play an audio file with: browsers and the mini-program play these as they are; others (amr) as mp3. */
export function playableAudioUrl(file: LiveFile): string {
  return ['mp3', 'm4a', 'aac', 'wav'].includes(file.ext) ? file.url : (file.mp3Url ?? file.url)
}

/** Why a picked file cannot be sent (src/locales keys), checked before any upload; the server checks it again. */
export type PickRefusal = 'live.file.badType' | 'live.file.tooLarge' | 'live.file.audioTooLarge' | 'live.file.empty'

/** The extension of a picked file of `kind` when the app sends it, or why not. */
export function checkPicked(kind: ChatFileKind, name: string, size: number): { ext: string } | PickRefusal {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (!CHAT_FILE_EXTENSIONS[kind].includes(ext)) return 'live.file.badType'
  if (!Number.isSafeInteger(size) || size <= 0) return 'live.file.empty'
  if (size > CHAT_FILE_LIMITS[kind]) return kind === 'audio' ? 'live.file.audioTooLarge' : 'live.file.tooLarge'
  return { ext }
}

/** A picked file's name as the server takes it: no path, no control characters, at most 100 characters keeping its extension. */
export function uploadName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '')
  if (base.length <= CHAT_UPLOAD_NAME_MAX) return base
  const dot = base.lastIndexOf('.')
  const ext = dot > 0 ? base.slice(dot) : ''
  return base.slice(0, CHAT_UPLOAD_NAME_MAX - ext.length) + ext
}

/** A size in bytes as people read it: 512 B, 1.5 KB, 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The offsets and lengths of a file's chunks (spec 001 §4: until the offset reaches the size). */
export function chunkPlan(size: number, chunkSize: number): Array<{ offset: number; length: number }> {
  const plan: Array<{ offset: number; length: number }> = []
  for (let offset = 0; offset < size; offset += chunkSize) plan.push({ offset, length: Math.min(chunkSize, size - offset) })
  return plan
}
