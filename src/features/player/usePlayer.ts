import { useAppStores } from '../../app/stores'
import type { PlayerStore } from '../../stores/player'

/** The app's one player (tests provide stores over a fake audio engine). */
export function usePlayer(): PlayerStore {
  return useAppStores().player
}
