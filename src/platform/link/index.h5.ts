import type { LinkPlatform } from './types'

export const linkPlatform: LinkPlatform = {
  async openWebPage(url) {
    window.location.assign(url)
    return 'opened'
  },
}
