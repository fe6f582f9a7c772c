import type { FeedbackPlatform, ToastOptions } from './types'
import { toastEdge, type Span } from './toastPlace'
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

/**
 * What a toast must not cover: an open dialog (the kit's and Taro's modal and action sheet), the
 * focused field, a field marked invalid and an error row (role=alert) on screen.
 */
const AVOID = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '.taro-modal__content',
  '.taro-actionsheet__content',
  '[aria-invalid="true"]',
  '[role="alert"]',
].join(', ')

function spanOf(el: Element): Span | undefined {
  const r = el.getBoundingClientRect()
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight ? { top: r.top, bottom: r.bottom } : undefined
}

/** Puts the shown toast at the top of the screen, or at the bottom when the top would cover what to avoid. */
function place(el: HTMLElement): void {
  el.classList.remove(`${TOAST_CLASS}--bottom`)
  const atTop = spanOf(el)
  if (!atTop) return
  const avoid: Span[] = []
  for (const box of Array.from(document.querySelectorAll(AVOID))) {
    if (box === el || el.contains(box)) continue
    const span = spanOf(box)
    if (span) avoid.push(span)
  }
  const focused = document.activeElement
  if (focused && focused !== document.body && focused.matches('input, textarea, [contenteditable="true"]')) {
    const span = spanOf(focused)
    if (span) avoid.push(span)
  }
  const height = atTop.bottom - atTop.top
  const atBottom = { top: window.innerHeight - atTop.top - height, bottom: window.innerHeight - atTop.top }
  el.classList.toggle(`${TOAST_CLASS}--bottom`, toastEdge(avoid, atTop, atBottom) === 'bottom')
}

function showToast({ title, icon = 'none', duration = 1500 }: ToastOptions): void {
  const el = toastRegion()
  if (hideTimer !== undefined) clearTimeout(hideTimer)
  el.textContent = title
  el.classList.add(`${TOAST_CLASS}--shown`)
  el.classList.toggle(`${TOAST_CLASS}--success`, icon === 'success')
  place(el)
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
