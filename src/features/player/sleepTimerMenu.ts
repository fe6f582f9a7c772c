import { SLEEP_MINUTES, type SleepChoice } from '../../domain/listening/sleepTimer'
import { t } from '../../locales'
import { feedback } from '../../platform/feedback'
import type { PlayerStore } from '../../stores/player'

/** The sleep timer's choices in menu order; undefined turns it off. Six: WeChat's action sheet holds no more. */
export const SLEEP_MENU: readonly (SleepChoice | undefined)[] = [
  ...SLEEP_MINUTES.map((minutes): SleepChoice => ({ kind: 'minutes', minutes })),
  { kind: 'endOfVoice' },
  { kind: 'endOfLesson' },
  undefined,
]

function label(choice: SleepChoice | undefined): string {
  if (!choice) return t('listening.sleep.off')
  if (choice.kind === 'minutes') return t('listening.sleep.minutes', { minutes: choice.minutes })
  return t(choice.kind === 'endOfVoice' ? 'listening.sleep.endOfVoice' : 'listening.sleep.endOfLesson')
}

/** Opens the system's action menu of sleep timer choices and applies the one picked. */
export async function chooseSleepTimer(player: PlayerStore): Promise<void> {
  const index = await feedback.actionSheet(SLEEP_MENU.map(label))
  if (index < 0 || index >= SLEEP_MENU.length) return
  const choice = SLEEP_MENU[index]
  if (choice) player.setSleepTimer(choice)
  else player.cancelSleepTimer()
}

/** The panel button's short text: the minutes left, or which end it waits for. */
export function sleepButtonText(player: PlayerStore): string {
  const choice = player.sleepChoice
  if (!choice) return t('listening.sleep.button')
  if (choice.kind === 'minutes') return t('listening.sleep.minutes', { minutes: player.sleepMinutesLeft ?? choice.minutes })
  return t(choice.kind === 'endOfVoice' ? 'listening.sleep.short.endOfVoice' : 'listening.sleep.short.endOfLesson')
}
