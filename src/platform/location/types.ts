/** The page's address and where the page sits (spec 001 §2: old hash links, no navigation inside a frame). */
export interface PlatformLocation {
  /**
   * Rewrites an old hash link of the site (`/?from=singlemessage#/lesson/1?data=…`) to the path the
   * route table gives it (domain/hashLink), before the router reads the address. The mini-program
   * has no address bar: nothing there.
   */
  adoptHashLink(): void
  /** The page is inside another page's frame. Always false in the mini-program. */
  insideFrame(): boolean
  /**
   * Shows a notice in place of the app, for a framed page that opens nothing: the app's own tree
   * shows only through pages, which do not open there. Nothing in the mini-program.
   */
  showFramedNotice(title: string, text: string): void
}
