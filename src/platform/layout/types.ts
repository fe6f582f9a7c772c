/** An element's box in viewport coordinates (CSS px). */
export interface LayoutRect {
  id: string
  top: number
  bottom: number
  height: number
}

/** What {@link LayoutPlatform.rects} found. */
export interface MeasuredRects {
  /** the first element matching the first selector; null when none is rendered */
  one: LayoutRect | null
  /** every element matching the second selector, in document order */
  all: LayoutRect[]
}

/**
 * Reads the layout of rendered elements, once the current render is laid out. The mini-program
 * asks its SelectorQuery; H5 reads the DOM after the next frames, which keeps Taro's
 * SelectorQuery (and the canvas code it drags in) out of the first load (issue 16).
 */
export interface LayoutPlatform {
  rects(selector: string, allSelector?: string): Promise<MeasuredRects>
}
