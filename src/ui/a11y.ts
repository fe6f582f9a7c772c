import { useId } from 'react'

/** A key event as the H5 runtime hands it to a handler (the mini-program has no keyboard). */
export interface KeyLike {
  key: string
  preventDefault(): void
}

/** The props {@link pressable} returns: spread them onto a Taro `Button` or `View`. */
export interface PressableProps {
  role: 'button' | 'tab'
  tabindex: number
  'aria-disabled': 'true' | 'false'
  onKeyDown(event: KeyLike): void
}

export interface PressableOptions {
  disabled?: boolean
  /** 'tab' for a tab of a tablist; 'button' otherwise */
  role?: 'button' | 'tab'
  /** in the Tab-key order (default); a tablist keeps only its selected tab there */
  focusable?: boolean
}

/**
 * Makes a Taro element a real button for keyboards and screen readers. H5 renders Taro's `Button`
 * and `View` as custom elements (`taro-button-core`) with no role, no keyboard focus and no
 * Enter/Space activation; these props supply all three. The mini-program renders a native button
 * and drops attributes its templates do not know, so they cost nothing there.
 *
 * `onPress` runs for Enter and Space only; pass the same handler to `onClick` for taps. A disabled
 * element ignores both keys (and the caller's `onClick` must check `disabled` too: a disabled
 * mini-program button still fires its tap).
 */
export function pressable(onPress: () => void, options: PressableOptions = {}): PressableProps {
  const { disabled = false, role = 'button', focusable = true } = options
  return {
    role,
    tabindex: focusable && !disabled ? 0 : -1,
    'aria-disabled': disabled ? 'true' : 'false',
    onKeyDown(event) {
      if (event.key !== 'Enter' && event.key !== ' ') return
      // Space would scroll the page
      event.preventDefault()
      if (!disabled) onPress()
    },
  }
}

/** Spread onto an element that only script focuses (a dialog panel): out of the Tab order. */
export const scriptFocusable: { tabindex: number } = { tabindex: -1 }

/** A unique id for `id` / `aria-*` links; React's own contains colons, awkward in selectors. */
export function useUiId(): string {
  return `ui-${useId().replace(/:/g, '')}`
}
