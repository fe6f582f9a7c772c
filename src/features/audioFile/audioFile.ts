import { decodeJson, isRecord } from '../../domain/coerce'
import { fileExtensionOf, normalizeFileExtension } from '../../domain/message/file'
import { safeUrl } from '../../domain/message/url'
import { decodeUntil } from '../../domain/routeParams'

/** Spec 001 §3 "Audio item": what the audio player pages are opened with. */
export interface AudioFileItem {
  name: string
  url: string
  fileExtension: string
}

const ENCODED = /%[0-9A-Fa-f]{2}/

function fromFields(fields: Readonly<Record<string, unknown>>): AudioFileItem | null {
  const rawUrl = typeof fields.url === 'string' ? fields.url : ''
  const url = decodeUntil(rawUrl, (v) => safeUrl(v) !== undefined)
  if (url === undefined) return null
  const rawName = typeof fields.name === 'string' ? fields.name : ''
  const name = decodeUntil(rawName, (v) => !ENCODED.test(v)) ?? rawName
  const ext = typeof fields.fileExtension === 'string' ? normalizeFileExtension(fields.fileExtension) : ''
  return {
    name: name || url.slice(url.lastIndexOf('/') + 1),
    url: safeUrl(url) ?? url,
    fileExtension: ext || fileExtensionOf(name) || fileExtensionOf(url.split(/[?#]/, 1)[0]),
  }
}

/**
 * The page parameters `name`, `url`, `fileExtension`, or the legacy `item` JSON carrying them.
 * null when there is no playable URL.
 */
export function audioFileFromParams(params: Readonly<Record<string, string | undefined>>): AudioFileItem | null {
  if (params.url) return fromFields(params)
  if (!params.item) return null
  const json = decodeUntil(params.item, (v) => v.trim().startsWith('{'))
  if (json === undefined) return null
  const value = decodeJson(json)
  return isRecord(value) ? fromFields(value) : null
}
