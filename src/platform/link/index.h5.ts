import type { LinkPlatform } from './types'
import { isWebUrl } from './webUrl'

export const linkPlatform: LinkPlatform = {
  async openWebPage(url) {
    // a path of this site (the API on the page's own origin, platformEnv.apiBase() '') is a page of it
    const target = /^\/(?!\/)/.test(url) ? `${window.location.origin}${url}` : url
    if (!isWebUrl(target)) return 'failed'
    window.location.assign(target.trim())
    return 'opened'
  },
}
