/** What the UI kit needs from the platform for keyboard and screen-reader users. */
export interface A11yGateway {
  /**
   * Moves keyboard focus to the element with this `id` (a tab after an arrow key, a dialog when it
   * opens). H5 only: the mini-program has no keyboard focus to move, so there it does nothing.
   */
  focusById(id: string): void
}
