/** Where the current page is scrolled to (spec 000 §9: lists load more near the page bottom). */
export interface PlatformPageScroll {
  /**
   * How far, in CSS px, the bottom of the screen is from the bottom of the current page's content;
   * undefined when it cannot be told (no page showing).
   */
  distanceToBottom(): Promise<number | undefined>
}
