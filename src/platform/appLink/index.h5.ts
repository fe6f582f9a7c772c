import { clipboard } from '../clipboard'
import { deviceOf } from '../../domain/invite'
import type { AppLinkPlatform } from './types'
import { http } from '../http'

const FORM_HOST_ID = 'app-link-provider-form'

export const appLink: AppLinkPlatform = {
  canLeave: true,
  device: () => (typeof navigator === 'undefined' ? 'other' : deviceOf(navigator.userAgent, navigator.maxTouchPoints)),
  inWechatBrowser: () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent),
  open: async (url) => {
    window.location.href = url
  },
  submitForm: (html) => {
    // the provider's answer is parsed, never run: only its first form is taken, scripts are not
    const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form')
    if (!parsed) return false
    document.getElementById(FORM_HOST_ID)?.remove()
    const form = document.importNode(parsed, true)
    form.id = FORM_HOST_ID
    form.hidden = true
    document.body.appendChild(form)
    form.submit()
    return true
  },
  copy: (text) => clipboard.copy(text),
  fetchJson: (url, timeoutMs) => http.getJson(url, timeoutMs),
}
