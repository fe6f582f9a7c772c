import type { FeedbackPlatform, ToastOptions } from './types'
import './toast.h5.scss'

export type { FeedbackPlatform, ModalOptions, ToastOptions } from './types'

const TOAST_CLASS = 'platform-toast'

let region: HTMLElement | undefined
let hideTimer: ReturnType<typeof setTimeout> | undefined

/**
 * One polite live region, made on the first toast and kept: screen readers read a live region's
 * new text, not a region that appears with its text already in it.
 */
function toastRegion(): HTMLElement {
  if (region?.isConnected) return region
  region = document.createElement('div')
  region.className = TOAST_CLASS
  region.setAttribute('role', 'status')
  region.setAttribute('aria-live', 'polite')
  document.body.appendChild(region)
  return region
}

function showToast({ title, icon = 'none', duration = 1500 }: ToastOptions): void {
  const el = toastRegion()
  if (hideTimer !== undefined) clearTimeout(hideTimer)
  el.textContent = title
  el.classList.add(`${TOAST_CLASS}--shown`)
  el.classList.toggle(`${TOAST_CLASS}--success`, icon === 'success')
  hideTimer = setTimeout(() => {
    el.classList.remove(`${TOAST_CLASS}--shown`)
    el.textContent = ''
    hideTimer = undefined
  }, duration)
}

const dialogs = () => import('./dialogs.h5')

export const feedback: FeedbackPlatform = {
  toast: showToast,
  modal: async (options) => (await dialogs()).showModal(options),
  actionSheet: async (items) => (await dialogs()).showActionSheet(items),
}
