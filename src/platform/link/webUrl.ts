/** Only http(s) pages may be left for: a `javascript:` or `data:` link from a payload never runs. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s/?#]+/i.test(url.trim())
}
