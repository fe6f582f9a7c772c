/**
 * Route parameters that carry JSON (spec 000 §2: the invite pages' `info`, double URL-encoded).
 * A broken link must end in an error state, never a crash, so nothing here throws.
 */
import { isRecord } from './coerce'
import { parseJsonParam, type RouteParamKey } from './routeParams'
import type { Checked } from './validation'

/**
 * Friend invite: {usrname, data}; group invite adds headurl and groupname. `data` is the invite
 * handle every add call sends, so it is required. The other fields are undefined when absent or
 * blank, and the page shows its own defaults ('app user', 'group chat').
 */
export interface InviteInfo {
  data: string
  usrname?: string
  headurl?: string
  groupname?: string
}

function readText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  return text === '' ? undefined : text
}

/** Only web addresses become an image source: a link cannot smuggle in another scheme. */
function readImageUrl(value: unknown): string | undefined {
  const url = readText(value)
  return url !== undefined && /^(https?:)?\/\//i.test(url) ? url : undefined
}

export function parseInviteInfo(raw: string | null | undefined): Checked<InviteInfo, RouteParamKey> {
  const json = parseJsonParam(raw)
  if (!json.ok) return json
  const record = json.value
  if (!isRecord(record)) return { ok: false, errorKey: 'routeParam.invalid' }
  const data = readText(record.data)
  if (data === undefined) return { ok: false, errorKey: 'routeParam.invalid' }
  const info: InviteInfo = { data }
  const usrname = readText(record.usrname)
  const headurl = readImageUrl(record.headurl)
  const groupname = readText(record.groupname)
  if (usrname !== undefined) info.usrname = usrname
  if (headurl !== undefined) info.headurl = headurl
  if (groupname !== undefined) info.groupname = groupname
  return { ok: true, value: info }
}
