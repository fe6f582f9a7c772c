/**
 * What a live chat room takes as a file, image or audio message (spec 001 §3 "File message": a
 * type, and a file with url, ext and size; §5 audio over 50 MB is refused; §9): pure rules, checked
 * by the server at the start of an upload (the declared name, type and size) and at its end (the
 * bytes themselves). Shared with the client's picker through types/chatUpload.ts.
 */
import type { ChatFileKind } from '../../types/chatUpload'
import { CHAT_FILE_LIMITS, CHAT_FILE_EXTENSIONS, CHAT_UPLOAD_NAME_MAX } from '../../types/chatUpload'

export type UploadRefusal = 'chatUploadBadType' | 'chatUploadBadName' | 'chatUploadTooLarge' | 'chatUploadAudioTooLarge' | 'chatUploadEmpty'

/** The declared file's extension, lower case, when its name is a plain file name of that kind. */
export function checkDeclared(kind: ChatFileKind, name: string, size: number): { ext: string } | UploadRefusal {
  // a plain name: no path (either slash), no control character, not a dot file, not '.' or '..'
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || name.length > CHAT_UPLOAD_NAME_MAX || /[/\\\u0000-\u001f\u007f]/.test(name) || name.startsWith('.')) return 'chatUploadBadName'
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (!CHAT_FILE_EXTENSIONS[kind].includes(ext)) return 'chatUploadBadType'
  if (!Number.isSafeInteger(size) || size <= 0) return 'chatUploadEmpty'
  if (size > CHAT_FILE_LIMITS[kind]) return kind === 'audio' ? 'chatUploadAudioTooLarge' : 'chatUploadTooLarge'
  return { ext }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((b, i) => bytes[at + i] === b)
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0))

/**
 * Whether the first bytes of a file (at least 64 when the file has them) are what its extension
 * says: the image and audio formats and the document containers by their signatures; a text file
 * has no NUL byte. A renamed page or program is refused, whatever its name says.
 */
export function bytesMatch(ext: string, head: Uint8Array): boolean {
  const zip = [0x50, 0x4b, 0x03, 0x04]
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
  const ftyp = () => startsWith(head, ascii('ftyp'), 4)
  const riff = (form: string) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii(form), 8)
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff])
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))
    case 'webp':
      return riff('WEBP')
    case 'mp3':
      return startsWith(head, ascii('ID3')) || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)
    case 'm4a':
    case 'mp4':
      return ftyp()
    case 'aac':
      return head[0] === 0xff && (head[1] & 0xf6) === 0xf0
    case 'wav':
      return riff('WAVE')
    case 'amr':
      return startsWith(head, ascii('#!AMR'))
    case 'pdf':
      return startsWith(head, ascii('%PDF-'))
    case 'zip':
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(head, zip)
    case 'doc':
    case 'xls':
    case 'ppt':
      return startsWith(head, ole)
    case 'txt':
      return !head.includes(0)
    default:
      return false
  }
}

/** An image's size in pixels from its first bytes (PNG, GIF, and JPEG when its frame header is near the start), or null. */
export function imageSize(ext: string, head: Uint8Array): { w: number; h: number } | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  if (ext === 'png' && head.length >= 24) return { w: view.getUint32(16), h: view.getUint32(20) }
  if (ext === 'gif' && head.length >= 10) return { w: view.getUint16(6, true), h: view.getUint16(8, true) }
  if ((ext === 'jpg' || ext === 'jpeg') && head.length > 4) {
    let at = 2
    while (at + 9 < head.length && head[at] === 0xff) {
      const marker = head[at + 1]
      const length = view.getUint16(at + 2)
      // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { w: view.getUint16(at + 7), h: view.getUint16(at + 5) }
      at += 2 + length
    }
  }
  return null
}
