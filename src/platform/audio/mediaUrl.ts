/**
 * URL rules for audio (spec 001 §5, spec 000 §7). Plain string work: the mini-program has no
 * `URL` global.
 */

/**
 * The IM provider's own media storage (NetEase NOS). Its `audioTrans` processor transcodes on
 * the fly; other hosts only get told which content type to answer with.
 */
const PROVIDER_MEDIA_HOSTS: readonly string[] = ['nosdn.127.net', 'nos.netease.com', 'nim-nosdn.netease.im']

export const PROVIDER_MP3_QUERY = 'audioTrans&type=mp3'
export const M4A_CONTENT_TYPE_QUERY = 'response-content-type=audio/mp4'

function splitUrl(url: string): { base: string; hash: string } {
  const hashAt = url.indexOf('#')
  return hashAt === -1 ? { base: url, hash: '' } : { base: url.slice(0, hashAt), hash: url.slice(hashAt) }
}

function pathOf(url: string): string {
  const { base } = splitUrl(url)
  const queryAt = base.indexOf('?')
  return (queryAt === -1 ? base : base.slice(0, queryAt)).toLowerCase()
}

function hostOf(url: string): string {
  const match = /^(?:https?:)?\/\/([^/?#:]+)/i.exec(url)
  return match ? match[1].toLowerCase() : ''
}

function appendQuery(url: string, query: string): string {
  const { base, hash } = splitUrl(url)
  if (base.includes(query)) return url
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`
}

export function isAmrUrl(url: string): boolean {
  return pathOf(url).endsWith('.amr')
}

export function isM4aUrl(url: string): boolean {
  return pathOf(url).endsWith('.m4a')
}

export function isProviderMediaHost(url: string): boolean {
  const host = hostOf(url)
  return PROVIDER_MEDIA_HOSTS.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
}

/**
 * Spec 001 §5: an m4a link gets a conversion parameter: mp3 transcoding on the provider's media
 * hosts, an audio content type elsewhere (stores often serve m4a as a download). Other links are
 * returned unchanged.
 */
export function m4aPlayableUrl(url: string): string {
  if (!isM4aUrl(url)) return url
  return appendQuery(url, isProviderMediaHost(url) ? PROVIDER_MP3_QUERY : M4A_CONTENT_TYPE_QUERY)
}

/**
 * AMR voice on the provider's hosts can be transcoded to mp3 by the same processor; the
 * mini-program's players cannot decode AMR themselves.
 */
export function providerMp3Url(url: string): string {
  return isProviderMediaHost(url) ? appendQuery(url, PROVIDER_MP3_QUERY) : url
}
