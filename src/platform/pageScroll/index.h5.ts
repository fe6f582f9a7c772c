import type { PlatformPageScroll } from './types'

/**
 * Taro's H5 pages scroll inside their own `.taro_page` element (the window when the app config
 * says `usingWindowScroll`); the page showing is the last one marked `.taro_page_show`. The same
 * arithmetic as Taro's own reach-bottom.
 */
export const platformPageScroll: PlatformPageScroll = {
  distanceToBottom() {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const page = pages[pages.length - 1]
    if (page) return Promise.resolve(page.scrollHeight - page.scrollTop - page.clientHeight)
    const root = document.documentElement
    return Promise.resolve(root.scrollHeight - window.scrollY - window.innerHeight)
  },
}
