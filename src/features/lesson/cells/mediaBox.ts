import Taro from '@tarojs/taro'

/**
 * Spec 000 §9: images show at most 5.86 rem. The legacy site used a ten-column rem (1 rem = 1/10
 * of the layout width, lib-flexible's convention), so 5.86 rem is 58.6 % of the width: 440 px at
 * the 750 design width (220 CSS px on a 375 pt phone). Taro's own rem (40 design px) would give
 * 234 design px, smaller than WeChat's own thumbnails.
 */
export const IMAGE_MAX = 440
/** Stickers and GIF faces stay smaller, like WeChat's (120 pt). */
export const FACE_MAX = 240
/** Neither side of a very long or very tall picture shrinks below this. */
export const MEDIA_MIN = 80

export interface Box {
  width: number
  height: number
}

/**
 * The displayed box of a picture of `width` x `height` pixels: scaled down to fit `max` on its
 * longer side (never up: a pixel is about a design px on a 2x screen), each side at least
 * MEDIA_MIN. null when the size is unknown: the picture then takes `max` width and its own height.
 */
export function fitMedia(width: number, height: number, max: number = IMAGE_MAX): Box | null {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return null
  const scale = Math.min(1, max / Math.max(width, height))
  const clamp = (n: number): number => Math.round(Math.min(max, Math.max(MEDIA_MIN, n * scale)))
  return { width: clamp(width), height: clamp(height) }
}

/** Inline sizes must go through pxTransform: the build rewrites px only in style sheets. */
export function boxStyle(box: Box): { width: string; height: string } {
  return { width: Taro.pxTransform(box.width), height: Taro.pxTransform(box.height) }
}
