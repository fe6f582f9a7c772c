/**
 * File messages (spec 000 §9): mp3, wav and m4a play in the app's audio player; ppt, pptx, doc,
 * docx, xls, xlsx and txt open an online viewer on Android; everything else downloads.
 */

/** 'audio': play in-app; 'office': online viewer on Android; 'other': download. */
export type FileKind = 'audio' | 'office' | 'other'

/** Icon family of a file cell; the UI maps each to an image. */
export type FileIcon = 'audio' | 'video' | 'image' | 'pdf' | 'word' | 'excel' | 'ppt' | 'text' | 'archive' | 'other'

const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(['mp3', 'wav', 'm4a'])
const OFFICE_EXTENSIONS: ReadonlySet<string> = new Set(['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'txt'])

const ICONS: Readonly<Record<string, FileIcon>> = {
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  amr: 'audio',
  flac: 'audio',
  ogg: 'audio',
  mp4: 'video',
  mov: 'video',
  m4v: 'video',
  avi: 'video',
  mkv: 'video',
  flv: 'video',
  wmv: 'video',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  heic: 'image',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  csv: 'excel',
  ppt: 'ppt',
  pptx: 'ppt',
  txt: 'text',
  md: 'text',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
}

/** Lower case, without surrounding spaces or leading dots: ' .PDF' -> 'pdf'. */
export function normalizeFileExtension(extension: string): string {
  let start = 0
  const trimmed = extension.trim()
  while (start < trimmed.length && trimmed[start] === '.') start++
  return trimmed.slice(start).toLowerCase()
}

/** The extension of a file name ('' when it has none): 'Notes.Final.DOCX' -> 'docx'. */
export function fileExtensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot <= 0 || dot === fileName.length - 1 ? '' : normalizeFileExtension(fileName.slice(dot + 1))
}

export function fileKind(extension: string): FileKind {
  const ext = normalizeFileExtension(extension)
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio'
  if (OFFICE_EXTENSIONS.has(ext)) return 'office'
  return 'other'
}

export function fileIcon(extension: string): FileIcon {
  const ext = normalizeFileExtension(extension)
  return Object.prototype.hasOwnProperty.call(ICONS, ext) ? ICONS[ext] : 'other'
}

/**
 * What tapping a file does outside the mini-program (which only says "please open in the app"):
 * audio plays in the app's audio player page, office and text files open in an online viewer on
 * Android (whose browsers cannot show them), everything else downloads.
 */
export type FileOpenAction = 'audioPlayer' | 'onlineViewer' | 'download'

export function fileOpenAction(extension: string, android: boolean): FileOpenAction {
  const kind = fileKind(extension)
  if (kind === 'audio') return 'audioPlayer'
  if (kind === 'office' && android) return 'onlineViewer'
  return 'download'
}

/** Microsoft's public Office viewer; it fetches the document from `src` itself. */
export const OFFICE_VIEWER_URL = 'https://view.officeapps.live.com/op/view.aspx?src='

/**
 * The page showing a document online: the Office viewer for Office formats; a text file is
 * shown by the browser itself (the Office viewer does not take plain text).
 */
export function onlineViewerUrl(url: string, extension: string): string {
  return normalizeFileExtension(extension) === 'txt' ? url : `${OFFICE_VIEWER_URL}${encodeURIComponent(url)}`
}
