/** The page's address and where the page sits (spec 001 §2: old hash links, no navigation inside a frame). */
export interface PlatformLocation {
  /**
   * Before the router reads the address: sends an address the app cannot read (a broken
   * percent-sequence, on which the router would throw and leave a blank page, or over 16 KB) to the
   * not-found page (domain/readableAddress), and rewrites an old hash link of the site
   * (`/?from=singlemessage#/lesson/1?data=…`) to the path the route table gives it (domain/hashLink).
   * The mini-program has no address bar: nothing there.
   */
  adoptAddress(): void
  /** The page is inside another page's frame. Always false in the mini-program. */
  insideFrame(): boolean
  /**
   * Shows a notice in place of the app, for a framed page that opens nothing: the app's own tree
   * shows only through pages, which do not open there. Nothing in the mini-program.
   */
  showFramedNotice(title: string, text: string): void
}
