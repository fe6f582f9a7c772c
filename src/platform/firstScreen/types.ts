/**
 * The first screen the server writes into the H5 shell of a lesson link (server/lesson/firstScreen.ts):
 * the lesson's opening messages, drawn above the app until the app's own screen replaces it.
 */
export interface PlatformFirstScreen {
  /**
   * Removes the first screen, if the page has one; the app's own screen shows from then on, scrolled
   * as far as the reader had scrolled the first screen (its rows lie where the app's rows lie).
   */
  dismiss(): void

  /**
   * The voice (its msgId) the reader tapped on the first screen before the app took over, once:
   * later calls answer undefined, and the first screen stops keeping taps.
   */
  takeTap(): string | undefined
}
