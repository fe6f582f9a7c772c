/** Only absolute http(s) addresses leave the app (spec 000 issue: "only http(s) URLs are opened"). */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/?#\s\\]/i.test(url)
}
