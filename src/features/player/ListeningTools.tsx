import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import type { PlayerStore } from '../../stores/player'
import { chooseSleepTimer, sleepButtonText } from './sleepTimerMenu'

/**
 * The audio panel's listening tools (issue 35): the sleep timer (its menu, and what is left while
 * it runs) and the way to the lesson's transcript, a page of the misc subpackage, so its code
 * never rides in the main package.
 */
export const ListeningTools = observer(function ListeningTools({ player }: { player: PlayerStore }) {
  const note = player.sleepNote
  return (
    <View className='listening-tools'>
      <Text
        className={`listening-tools__button${note ? ' listening-tools__button--active' : ''}`}
        aria-label={note ? t('listening.sleep.buttonActive', { note }) : t('listening.sleep.button')}
        aria-haspopup='menu'
        {...pressable(() => void chooseSleepTimer(player))}
      >
        {sleepButtonText(player)}
      </Text>
      <Text
        className='listening-tools__button'
        aria-label={t('listening.transcript.openLabel')}
        {...pressable(() => navigate('Transcript'), { role: 'link' })}
      >
        {t('listening.transcript.open')}
      </Text>
    </View>
  )
})
