import { FIRST_SCREEN_ID, FIRST_SCREEN_TAPS, type FirstScreenTaps } from '../../domain/firstScreen'
import type { PlatformFirstScreen } from './types'

export const firstScreen: PlatformFirstScreen = {
  hold() {},
  screenRowsFirst: false,
  dismiss() {
    const screen = document.getElementById(FIRST_SCREEN_ID)
    if (!screen) return
    // a reader who scrolled it keeps their place: the app's rows lie where its rows lay
    const offset = screen.scrollTop
    screen.remove()
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const page = pages[pages.length - 1]
    if (offset > 0 && page) page.scrollTop = offset
  },
  takeTap() {
    const taps = (window as Window & { [FIRST_SCREEN_TAPS]?: FirstScreenTaps })[FIRST_SCREEN_TAPS]
    if (!taps) return undefined
    taps.stop()
    const voice = taps.voice
    taps.voice = undefined
    return typeof voice === 'string' && voice !== '' ? voice : undefined
  },
}
