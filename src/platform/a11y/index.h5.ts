import { options, type VNode } from 'preact'
import { stringifyStateAttributes } from './stateAttributes'
import type { A11yGateway } from './types'

/** Frames to watch after focusing: Taro's Stencil components finish rendering within the first few. */
const SETTLE_FRAMES = 5

/** What a keyboard user can Tab to inside a layer (Taro's controls carry `tabindex="0"`). */
const TABBABLE = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

function focusById(id: string): void {
  const el = document.getElementById(id)
  if (!el) return
  // preventScroll: the page position belongs to the reader (and the lesson player)
  const focus = () => el.focus({ preventScroll: true })
  focus()
  // Taro's Stencil components (an input, a scroll view) render after React commits; their first
  // render moves their children, which drops the focus of a moved node. Put it back while that
  // settles, but only when it was dropped (never take it from where the user moved it).
  let frames = 0
  const watch = () => {
    if (!el.isConnected) return
    const active = document.activeElement
    if (active === null || active === document.body) focus()
    if (++frames < SETTLE_FRAMES) requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
}

interface HeldLayer {
  id: string
  onEscape: () => void
}

/** Open layers, newest last: only the newest handles Tab and Escape. */
const layers: HeldLayer[] = []

/** Shown elements only; a browser without `checkVisibility` (jsdom) counts all. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => typeof el.checkVisibility !== 'function' || el.checkVisibility())
}

function onKeyDown(event: KeyboardEvent): void {
  const layer = layers[layers.length - 1]
  const root = layer && document.getElementById(layer.id)
  if (!layer || !root) return
  if (event.key === 'Escape') {
    event.preventDefault()
    layer.onEscape()
    return
  }
  if (event.key !== 'Tab') return
  const items = tabbables(root)
  const active = document.activeElement
  const inside = active instanceof HTMLElement && root.contains(active)
  if (items.length === 0) {
    event.preventDefault()
    root.focus()
    return
  }
  const first = items[0]
  const last = items[items.length - 1]
  // wrap at either end, and pull focus back in when it got out (a click on the page behind)
  if (event.shiftKey && (!inside || active === first || active === root)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}

function holdFocus(id: string, onEscape: () => void): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const layer: HeldLayer = { id, onEscape }
  if (layers.length === 0) document.addEventListener('keydown', onKeyDown, true)
  layers.push(layer)
  focusById(id)
  return () => {
    const index = layers.indexOf(layer)
    if (index >= 0) layers.splice(index, 1)
    if (layers.length === 0) document.removeEventListener('keydown', onKeyDown, true)
    if (opener?.isConnected) opener.focus({ preventScroll: true })
  }
}

/** Taro's H5 router mounts every page in one of these; it is the element that scrolls. */
const PAGE_SELECTOR = '.taro_page'

function makePagesScrollableByKeyboard(): void {
  const adopt = (page: HTMLElement): void => {
    if (!page.hasAttribute('tabindex')) page.tabIndex = 0
  }
  document.querySelectorAll<HTMLElement>(PAGE_SELECTOR).forEach(adopt)
  // only added nodes are looked at, so a long list's row updates cost next to nothing
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement && node.matches(PAGE_SELECTOR)) adopt(node)
      })
    }
  }).observe(document.documentElement, { childList: true, subtree: true })
}

/** ARIA states and data attributes reach the DOM on every update (see stateAttributes.ts). */
function keepStateAttributesCurrent(): void {
  const next = options.vnode?.bind(options)
  options.vnode = (vnode: VNode) => {
    if (vnode.props !== null && typeof vnode.props === 'object') stringifyStateAttributes(vnode.props)
    next?.(vnode)
  }
}

function installAria(): void {
  keepStateAttributesCurrent()
  makePagesScrollableByKeyboard()
}

export const a11y: A11yGateway = { installAria, focusById, holdFocus }
