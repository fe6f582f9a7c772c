import Taro from '@tarojs/taro'
import type { PlayerStore } from '../../stores/player'
import { platformEnv } from '../../platform/env'
import { layout } from '../../platform/layout'

/**
 * Voice cells carry an id built from their msgId: an id selector is what both the mini-program's
 * pageScrollTo / SelectorQuery and the browser understand.
 */
export function voiceAnchorId(msgId: string): string {
  return `voice-${msgId.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/**
 * The box around a voice bubble, which "locate" scrolls to. Taro H5's pageScrollTo reads the
 * target's offsetTop: the box's is measured from the page, while the bubble's is measured from
 * the box (positioned for the cell menu), so scrolling to the bubble would go to the top.
 */
export function voiceBoxId(msgId: string): string {
  return `${voiceAnchorId(msgId)}-box`
}

/** Pixels between a box and the visible window; 0 when any of it is visible. */
export function distanceFromViewport(rect: { top: number; bottom: number }, viewportHeight: number): number {
  if (rect.bottom < 0) return -rect.bottom
  if (rect.top > viewportHeight) return rect.top - viewportHeight
  return 0
}

/** How far the voice cell is from the screen; Infinity when it is not rendered (not loaded yet). */
export async function measureVoiceDistance(msgId: string): Promise<number> {
  const { one: rect } = await layout.rects(`#${voiceAnchorId(msgId)}`)
  return rect ? distanceFromViewport(rect, platformEnv.windowHeight()) : Infinity
}

/**
 * Mounts the row of voice `msgId` in a list that mounts only the rows near the screen, and
 * resolves once it is laid out (false when the list has no such row).
 */
export type RevealVoice = (msgId: string) => Promise<boolean>

/**
 * "Locate current playback": loads pages until the playing voice is in the list, has the list
 * mount its row (`reveal`, for a windowed list), then scrolls to it.
 */
export async function locatePlaying(player: PlayerStore, reveal?: RevealVoice): Promise<void> {
  const msgId = await player.locateCurrent()
  if (!msgId) return
  if (reveal && !(await reveal(msgId))) return
  // let the newly loaded page render before asking for its position
  Taro.nextTick(() => {
    void Taro.pageScrollTo({ selector: `#${voiceBoxId(msgId)}`, duration: 300, offsetTop: -120 })
  })
}
