import { hashLinkTarget } from '../../domain/hashLink'
import { unreadableAddressTarget } from '../../domain/readableAddress'
import type { PlatformLocation } from './types'

export const platformLocation: PlatformLocation = {
  adoptAddress() {
    const address = location.pathname + location.search + location.hash
    const target = unreadableAddressTarget(address) ?? hashLinkTarget(address)
    if (target) history.replaceState(history.state, '', target)
  },
  insideFrame() {
    try {
      return window.top !== window.self
    } catch {
      // a cross-origin parent may refuse even the comparison: that is a frame too
      return true
    }
  },
  showFramedNotice(title, text) {
    const notice = document.createElement('div')
    notice.className = 'framed-notice'
    notice.setAttribute('role', 'alert')
    notice.style.cssText =
      'position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;' +
      'padding:24px;background:#fff;color:#1a1a1a;text-align:center;font-size:16px;line-height:1.5;z-index:10000'
    const heading = document.createElement('h1')
    heading.style.cssText = 'margin:0 0 8px;font-size:18px;font-weight:600'
    heading.textContent = title
    const body = document.createElement('p')
    body.style.cssText = 'margin:0;color:#555'
    body.textContent = text
    notice.append(heading, body)
    document.body.appendChild(notice)
  },
}
