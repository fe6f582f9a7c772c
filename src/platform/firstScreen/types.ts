/**
 * The first screen of a lesson. H5: the one the server writes into the shell of a lesson link
 * (server/lesson/firstScreen.ts), the lesson's opening messages, drawn above the app until the
 * app's own screen replaces it. Mini-program: the page's first setData, which waits for the
 * lesson's rows a moment, so that they go over the bridge in it (issue 36 item 4).
 */
export interface PlatformFirstScreen {
  /**
   * Mini-program: the current page's first setData waits until `dismiss` (the commit that draws
   * what the page shows once it has its data) or until `maxMs` have passed, whichever comes first:
   * a lesson that arrives within `maxMs` is drawn by the first setData, with no loading state sent
   * before it; on a slower network the loading state shows at `maxMs`. Call it in the page's first
   * commit (a layout effect), before Taro's first update. H5: nothing (the server's first screen
   * shows meanwhile).
   */
  hold(maxMs: number): void

  /**
   * Removes the first screen, if the page has one (H5), or releases the held first setData
   * (mini-program); the app's own screen shows from then on, scrolled as far as the reader had
   * scrolled the first screen (its rows lie where the app's rows lie).
   */
  dismiss(): void

  /**
   * A windowed list (ui/WindowedItems) mounts in its first commit only the rows of one screen, and
   * the others once those are drawn. Mini-program: every node of a commit goes over the bridge in
   * the page's setData, so the first rows are not held up by the ones under them. H5: false, the
   * server's first screen gives way to the whole list at once.
   */
  readonly screenRowsFirst: boolean

  /**
   * The voice (its msgId) the reader tapped on the first screen before the app took over, once:
   * later calls answer undefined, and the first screen stops keeping taps.
   */
  takeTap(): string | undefined
}
