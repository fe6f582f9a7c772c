import { useEffect } from 'react'
import { feedback } from '../../platform/feedback'
import { t } from '../../locales'
import type { PlayerStore } from '../../stores/player'

const NOTICE_TOAST_MS = 2500

/** Shows what the player refused or failed to do, once. Call from an observer component. */
export function usePlayerNotice(player: PlayerStore): void {
  const notice = player.notice
  useEffect(() => {
    if (!notice) return
    feedback.toast({ title: t(notice), icon: 'none', duration: NOTICE_TOAST_MS })
    player.clearNotice()
  }, [notice, player])
}
