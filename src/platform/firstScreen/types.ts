/**
 * The first screen the server writes into the H5 shell of a lesson link (server/lesson/firstScreen.ts):
 * the lesson's opening messages, drawn above the app until the app's own screen replaces it.
 */
export interface PlatformFirstScreen {
  /** Removes the first screen, if the page has one; the app's own screen shows from then on. */
  dismiss(): void
}
