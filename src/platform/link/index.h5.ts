import type { LinkPlatform } from './types'
import { isWebUrl } from './webUrl'

export const linkPlatform: LinkPlatform = {
  async openWebPage(url) {
    if (!isWebUrl(url)) return 'failed'
    window.location.assign(url.trim())
    return 'opened'
  },
}
