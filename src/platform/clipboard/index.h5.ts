import { t } from '../../locales'
import { feedback } from '../feedback'
import type { ClipboardPlatform } from './types'

export type { ClipboardPlatform } from './types'

/** What this site copied last: what paste answers where the browser has no clipboard API. */
let lastCopied = ''

/** The copy that works in WeChat's browser too: a selected, off-screen textarea and `execCommand('copy')`. */
function copyBySelection(text: string): void {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.left = '-10000px'
  document.body.appendChild(area)
  area.select()
  area.setSelectionRange(0, text.length)
  const copied = typeof document.execCommand === 'function' && document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

/**
 * Copy writes the system clipboard (`navigator.clipboard.writeText`) and falls back to a
 * selection where the browser refuses or has no clipboard API; like the mini-program's own copy,
 * it says so with a toast. Paste reads the system clipboard (which may ask the user); without the
 * API it answers what this site copied last.
 */
export const clipboard: ClipboardPlatform = {
  copy: async (text) => {
    const system = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    try {
      if (!system || typeof system.writeText !== 'function') throw new Error('no clipboard API')
      await system.writeText(text)
    } catch {
      copyBySelection(text)
    }
    lastCopied = text
    feedback.toast({ title: t('common.copySucceeded') })
  },
  paste: async () => {
    const system = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!system || typeof system.readText !== 'function') return lastCopied
    return system.readText()
  },
}
