import { Slider, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { PLAYBACK_RATES, type PlayerStore } from '../../stores/player'
import { formatRate } from './rate'
import { locatePlaying, type RevealVoice } from './scroll'

/** Slider steps per second: voice messages are short, so whole seconds would jump. */
const STEPS_PER_SECOND = 10

/** The seek bar shared by the panel and the m4a player page: dragging pauses, release seeks. */
export const SeekBar = observer(function SeekBar({ player }: { player: PlayerStore }) {
  const max = Math.max(1, Math.round(player.duration * STEPS_PER_SECOND))
  return (
    <View className='seek-bar'>
      <Text className='seek-bar__time seek-bar__time--elapsed'>{formatDuration(player.position)}</Text>
      <Slider
        className='seek-bar__slider'
        min={0}
        max={max}
        step={1}
        value={Math.min(max, Math.round(player.position * STEPS_PER_SECOND))}
        blockSize={16}
        activeColor='#07c160'
        onChanging={(e) => {
          player.startDrag()
          player.dragTo(e.detail.value / STEPS_PER_SECOND)
        }}
        onChange={(e) => player.endDrag(e.detail.value / STEPS_PER_SECOND)}
      />
      <Text className='seek-bar__time seek-bar__time--total'>{formatDuration(player.duration)}</Text>
    </View>
  )
})

/** Spec 000 §2: the audio control panel of the lesson viewer. */
export const AudioPanel = observer(function AudioPanel({ player, reveal }: { player: PlayerStore; reveal?: RevealVoice }) {
  const media = player.current
  if (!media) return null
  return (
    <View className='audio-panel' role='region'>
      <View className='audio-panel__head'>
        <Text className='audio-panel__title'>{t('player.panel.nowPlaying', { name: [media.singer, media.title].filter(Boolean).join(' · ') })}</Text>
        <View className='audio-panel__close' role='button' aria-label={t('player.panel.close')} onClick={player.closePanel}>
          ×
        </View>
      </View>
      <SeekBar player={player} />
      <View className='audio-panel__rates' aria-label={t('player.panel.speed')}>
        {PLAYBACK_RATES.map((rate) => (
          <Text
            key={rate}
            className={`audio-panel__rate${player.rate === rate ? ' audio-panel__rate--active' : ''}`}
            onClick={() => player.setRate(rate)}
          >
            {formatRate(rate)}
          </Text>
        ))}
      </View>
      <View className='audio-panel__controls'>
        <Text className='audio-panel__locate' onClick={() => void locatePlaying(player, reveal)}>
          {t('player.panel.locate')}
        </Text>
        <View
          className={`audio-panel__toggle audio-panel__toggle--${player.isPlaying ? 'pause' : 'play'}`}
          role='button'
          aria-label={t(player.isPlaying ? 'player.panel.pause' : 'player.panel.play')}
          onClick={player.togglePlay}
        />
      </View>
    </View>
  )
})
