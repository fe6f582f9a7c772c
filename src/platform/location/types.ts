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
}
