import { Text, View } from '../../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { wholeSeconds } from '../../../domain/format'
import type { VoiceMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { pressable } from '../../../ui/a11y'
import { usePlayer, voiceAnchorId, voiceBoxId } from '../../player'
import { cellMenu } from '../cellMenu'
import { CellMenu, type CellMenuItem } from './CellMenu'
import { useLongPress } from './useLongPress'
import './VoiceCell.scss'

/**
 * A voice bubble (spec 000 §4 "Audio"): its width grows with the duration (WeChat's convention);
 * a tap plays or stops it, with the stopped / loading / playing icon; a long press opens the menu
 * whose "convert to text" shows the payload's transcription under the bubble. A voice without
 * a transcription says so in the menu.
 */
export const VoiceCell = observer(function VoiceCell({ message }: { message: VoiceMessage }) {
  const player = usePlayer()
  const { msgId } = message
  const menuKey = `voice-${message.id}-${msgId}`
  const openMenu = (): void => cellMenu.open(menuKey)
  const toggle = (): void => player.toggleVoice(msgId)
  const press = useLongPress(openMenu, toggle)
  const state = player.voiceState(msgId)
  const transcript = player.transcriptState(msgId)
  // the panel's total reads the same rule; a bubble never says 0″
  const seconds = Math.max(1, wholeSeconds(message.duration))
  const width = Math.min(100, 30 + seconds * 2)
  const items: CellMenuItem[] = message.text
    ? [{ label: t('player.voice.convert'), onSelect: () => player.convertToText(msgId) }]
    : [{ label: t('player.voice.noText'), onSelect: () => undefined }]

  return (
    <View className='voice-cell-box' id={voiceBoxId(msgId)}>
      <View
        id={voiceAnchorId(msgId)}
        className={`bubble bubble--voice voice-cell voice-cell--${state}`}
        style={{ width: `${width}%` }}
        aria-label={t('player.voice.label', { seconds, name: message.sender.nickname, state: t(`player.voice.${state}`) })}
        aria-pressed={state !== 'stopped'}
        {...pressable(toggle, { onMenu: openMenu })}
        {...press}
      >
        <View className='voice-cell__icon' aria-hidden='true'>
          <View className='voice-cell__wave voice-cell__wave--1' />
          <View className='voice-cell__wave voice-cell__wave--2' />
          <View className='voice-cell__wave voice-cell__wave--3' />
        </View>
        <Text className='voice-cell__duration' aria-hidden='true'>{`${seconds}″`}</Text>
      </View>
      <CellMenu menuKey={menuKey} items={items} />
      {transcript === 'converting' ? (
        <View className='voice-cell__transcript voice-cell__transcript--converting'>
          <Text>{t('player.voice.converting')}</Text>
        </View>
      ) : null}
      {transcript === 'finished' ? (
        <View className='voice-cell__transcript'>
          <Text className='voice-cell__text' userSelect>
            {message.text}
          </Text>
          <Text className='voice-cell__hint'>{t('player.voice.finished')}</Text>
        </View>
      ) : null}
    </View>
  )
})
