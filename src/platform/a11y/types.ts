/** What the UI kit needs from the platform for keyboard and screen-reader users. */
export interface A11yGateway {
  /**
   * Lets roles, names and states reach the mini-program's components (its `aria-role`,
   * `aria-label`...). Call once, before the first page renders. H5 renders them as they are, and
   * there makes each page's scrolling element (Taro's page container) a Tab stop, so a keyboard
   * user can scroll a page that has no control of its own (a text-only lesson).
   */
  installAria(): void
  /**
   * Moves keyboard focus to the element with this `id` (a tab after an arrow key, a dialog when it
   * opens). H5 only: the mini-program has no keyboard focus to move, so there it does nothing.
   */
  focusById(id: string): void
  /**
   * Holds keyboard focus in a modal layer (a dialog, a picker, the gallery) while it is open: moves
   * focus into the element with this `id`, keeps Tab and Shift+Tab inside it, runs `onEscape` for
   * the Escape key, and returns a release that gives focus back to what had it before. Layers
   * stack: only the newest one reacts. H5 only; in the mini-program it does nothing.
   */
  holdFocus(id: string, onEscape: () => void): () => void
}
