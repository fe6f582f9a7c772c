import { createContext, useContext } from 'react'
import { rootStore } from '../../stores'
import type { PlayerStore } from '../../stores/player'

/** The app's one player; component tests provide a store over a fake engine instead. */
export const PlayerContext = createContext<PlayerStore>(rootStore.player)

export function usePlayer(): PlayerStore {
  return useContext(PlayerContext)
}
