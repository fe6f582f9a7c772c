import { useEffect, useId, useRef } from 'react'
import { a11y } from '../platform/a11y'

/** A key event as the H5 runtime hands it to a handler (the mini-program has no keyboard). */
export interface KeyLike {
  key: string
  shiftKey?: boolean
  preventDefault(): void
}

/** A tap event as both builds hand it to `onClick`. */
export interface TapLike {
  stopPropagation(): void
}

/** The props {@link pressable} returns: spread them onto a Taro `Button` or `View`. */
export interface PressableProps {
  role: PressableRole
  tabindex: number
  'aria-disabled': 'true' | 'false'
  onClick: (event?: TapLike) => void
  onKeyDown(event: KeyLike): void
}

/** The roles of a control activated by a press: Enter activates a link, Enter or Space the others. */
export type PressableRole = 'button' | 'tab' | 'link' | 'radio' | 'switch'

export interface PressableOptions {
  disabled?: boolean
  /** 'tab' for a tab of a tablist, 'link' for navigation, 'radio' for a choice of a radiogroup, 'switch' for an on/off switch (with aria-checked); 'button' otherwise */
  role?: PressableRole
  /** in the Tab-key order (default); a tablist keeps only its selected tab there */
  focusable?: boolean
  /** the keyboard's stand-in for a long press: the ContextMenu key or Shift+F10 opens this menu */
  onMenu?: () => void
  /** the tap stays here: it does not reach an enclosing element's `onClick` (a menu over a tappable cell) */
  stopPropagation?: boolean
}

/**
 * Makes a Taro element a real button for keyboards and screen readers. H5 renders Taro's `Button`
 * and `View` as custom elements (`taro-button-core`) with no role, no keyboard focus and no
 * Enter/Space activation; these props supply all three. The mini-program renders a native button
 * and drops attributes its templates do not know, so they cost nothing there.
 *
 * `onPress` runs for a tap (the returned `onClick`, called without the event) and for Enter and
 * Space. A disabled element ignores all three: a disabled mini-program button, and Taro's H5 one,
 * still fire their tap. An element with its own tap handling (`useLongPress`, which swallows the
 * tap that ends a long press) spreads its handlers after these, so its `onClick` wins.
 */
export function pressable(onPress: () => void, options: PressableOptions = {}): PressableProps {
  const { disabled = false, role = 'button', focusable = true, onMenu, stopPropagation = false } = options
  return {
    role,
    tabindex: focusable && !disabled ? 0 : -1,
    'aria-disabled': disabled ? 'true' : 'false',
    onClick(event) {
      if (stopPropagation) event?.stopPropagation()
      if (!disabled) onPress()
    },
    onKeyDown(event) {
      if (onMenu && !disabled && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
        event.preventDefault()
        onMenu()
        return
      }
      if (event.key !== 'Enter' && (event.key !== ' ' || role === 'link')) return
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

/** Props of a Taro `Image` that shows something: its text alternative in both builds. */
export interface ImageAltProps {
  'aria-label': string
  /** H5: Taro's Image spreads these onto its inner `<img>` */
  nativeProps: { alt: string }
}

/**
 * The text alternative of an image, from what it shows (the sender's name for an avatar, 'picture
 * from <sender>' for a message picture, the lesson title for a cover). Pass `null` for a decorative
 * image: it gets an empty alt and is hidden from screen readers.
 */
export function imageAlt(alt: string): ImageAltProps
export function imageAlt(alt: null): DecorativeImageProps
export function imageAlt(alt: string | null): ImageAltProps | DecorativeImageProps {
  if (alt === null) return { 'aria-hidden': 'true', nativeProps: { alt: '' } }
  return { 'aria-label': alt, nativeProps: { alt } }
}

/** Props of a Taro `Image` that only decorates: no name, out of the accessibility tree. */
export interface DecorativeImageProps {
  'aria-hidden': 'true'
  nativeProps: { alt: '' }
}

/**
 * A modal layer's focus (dialogs, pickers, the gallery, menus): focus moves into the element with
 * this `id` when it mounts, Tab stays inside, Escape calls `onEscape`, and focus returns to the
 * opener when it unmounts. H5 only; the mini-program has no keyboard focus (platform/a11y).
 */
export function useModalFocus(id: string, onEscape: () => void): void {
  const escape = useRef(onEscape)
  escape.current = onEscape
  useEffect(() => a11y.holdFocus(id, () => escape.current()), [id])
}
