/**
 * Circle and group-space posts (spec 000 §2 "Circle post detail", §3 "Material" payload).
 * One reader accepts both shapes the app meets, so the material cell and the detail page
 * resolve media the same way:
 * - the material payload's data JSON: content, mediaType (1 pictures, otherwise video),
 *   mediaData (`{urlPrefix, items: [{domainIndex, urlSuffix}]}`, or the item array itself with
 *   urlPrefix beside it), picDomains | picDomain, mediaDomains | mediaDomain, user;
 * - the detail page's route data (`CircleDetailData`): content, mediaArr, mediaPrefix,
 *   picDomainArr, mediaDomains, isVideo, user.
 */
import {
  decodeArray,
  decodeJson,
  decodeRecord,
  field,
  firstField,
  isRecord,
  toInteger,
  toText,
  type WireRecord,
} from '../coerce'
import type { CircleDetailData, CircleMedia, CircleMediaItem, CircleUser } from './types'
import { joinUrl, safeUrl, videoPosterUrl } from './url'

/** mediaType value meaning pictures; every other value means video. */
export const CIRCLE_MEDIA_TYPE_PICTURES = 1

function readItems(value: unknown): CircleMediaItem[] {
  const items: CircleMediaItem[] = []
  for (const raw of decodeArray(value) ?? []) {
    const item = decodeRecord(raw)
    const urlSuffix = toText(field(item, 'urlSuffix'))
    if (urlSuffix === undefined) continue
    const domainIndex = toInteger(field(item, 'domainIndex'))
    // an index past the safe integers names no domain any list could hold: the first one
    items.push({ domainIndex: domainIndex !== undefined && domainIndex >= 0 && Number.isSafeInteger(domainIndex) ? domainIndex : 0, urlSuffix })
  }
  return items
}

function readStrings(value: unknown): string[] {
  const strings: string[] = []
  for (const raw of decodeArray(value) ?? []) {
    const s = toText(raw)
    if (s !== undefined) strings.push(s)
  }
  return strings
}

function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 1 || value === '1') return true
  if (value === 'false' || value === 0 || value === '0') return false
  return undefined
}

function readUser(value: unknown): CircleUser | undefined {
  const user = decodeRecord(value)
  const nickname = toText(field(user, 'nickname'))
  if (nickname === undefined) return undefined
  const faceIcon = safeUrl(field(user, 'faceIcon'))
  return faceIcon === undefined ? { nickname } : { nickname, faceIcon }
}

function readMedia(data: WireRecord): { items: CircleMediaItem[]; prefix: string } {
  const routeItems = field(data, 'mediaArr')
  if (routeItems !== undefined) {
    return { items: readItems(routeItems), prefix: toText(field(data, 'mediaPrefix')) ?? '' }
  }
  const mediaData = decodeJson(field(data, 'mediaData'))
  if (isRecord(mediaData)) {
    return {
      items: readItems(field(mediaData, 'items')),
      prefix: toText(field(mediaData, 'urlPrefix')) ?? toText(field(data, 'urlPrefix')) ?? '',
    }
  }
  return { items: readItems(mediaData), prefix: toText(field(data, 'urlPrefix')) ?? '' }
}

/** Reads either shape into the detail page's data; undefined when `data` is not an object. */
export function readCircleData(data: unknown): CircleDetailData | undefined {
  const record = decodeRecord(data)
  if (record === undefined) return undefined
  const { items, prefix } = readMedia(record)
  const videoFlag =
    readFlag(field(record, 'isVideo')) ??
    toInteger(field(record, 'mediaType')) !== CIRCLE_MEDIA_TYPE_PICTURES
  const detail: CircleDetailData = {
    content: toText(field(record, 'content')) ?? '',
    mediaArr: items,
    mediaPrefix: prefix,
    picDomainArr: readStrings(firstField(record, ['picDomainArr', 'picDomains'])),
    mediaDomains: readStrings(field(record, 'mediaDomains')),
    // a post without media is a text post, whatever its mediaType says
    isVideo: videoFlag && items.length > 0,
  }
  const picDomain = toText(field(record, 'picDomain'))
  if (picDomain !== undefined) detail.picDomain = picDomain
  const mediaDomain = toText(field(record, 'mediaDomain'))
  if (mediaDomain !== undefined) detail.mediaDomain = mediaDomain
  const user = readUser(field(record, 'user'))
  if (user !== undefined) detail.user = user
  return detail
}

/** domains[domainIndex], else the single domain, else domains[0]. */
function pickDomain(domains: readonly string[], single: string | undefined, index: number): string | undefined {
  return domains[index] ?? single ?? domains[0]
}

function itemUrl(
  item: CircleMediaItem,
  prefix: string,
  domains: readonly string[],
  single: string | undefined,
): string | undefined {
  const domain = pickDomain(domains, single, item.domainIndex)
  return domain === undefined ? undefined : safeUrl(joinUrl([domain, prefix, item.urlSuffix]))
}

function noMedia(content: string): CircleMedia {
  return { content, isVideo: false, images: [] }
}

export function circleMediaOf(detail: CircleDetailData): CircleMedia {
  const { content, mediaArr, mediaPrefix } = detail
  if (detail.isVideo) {
    const videoUrl = mediaArr
      .map((item) => itemUrl(item, mediaPrefix, detail.mediaDomains, detail.mediaDomain))
      .find((url) => url !== undefined)
    if (videoUrl !== undefined) {
      return { content, isVideo: true, images: [], videoUrl, posterUrl: videoPosterUrl(videoUrl, false) }
    }
    return noMedia(content)
  }
  const images: string[] = []
  for (const item of mediaArr) {
    const url = itemUrl(item, mediaPrefix, detail.picDomainArr, detail.picDomain)
    if (url !== undefined) images.push(url)
  }
  return { content, isVideo: false, images }
}

/**
 * Resolves a post's media: URL = domain + urlPrefix + urlSuffix with single slashes between,
 * pictures from the picture domains, video from the media domains. Items whose URL is not safe
 * are dropped. Never throws: route data may be anything.
 */
export function buildCircleMedia(data: unknown): CircleMedia {
  try {
    const detail = readCircleData(data)
    return detail === undefined ? noMedia('') : circleMediaOf(detail)
  } catch {
    return noMedia('')
  }
}
