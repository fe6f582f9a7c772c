import { FIRST_SCREEN_ID } from '../../domain/firstScreen'
import type { PlatformFirstScreen } from './types'

export const firstScreen: PlatformFirstScreen = {
  dismiss() {
    document.getElementById(FIRST_SCREEN_ID)?.remove()
  },
}
