import { Text, View } from '../../platform/components/basic'
import { Slider } from '../../platform/components/slider'
import { observer } from 'mobx-react-lite'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { pressable, type KeyLike } from '../../ui/a11y'
import { PLAYBACK_RATES, type PlayerStore } from '../../stores/player'
import { formatRate } from './rate'
import { ListeningTools } from './ListeningTools'
import { locatePlaying, type RevealVoice } from './scroll'
// the seek bar's styles travel with it: the m4a page shows it without the lesson's LessonAudio
import './player.scss'

/** Slider steps per second: voice messages are short, so whole seconds would jump. */
const STEPS_PER_SECOND = 10
/** An arrow key on the seek bar moves this many seconds. */
const KEY_STEP_SECONDS = 5

/** The seek bar shared by the panel and the m4a player page: dragging pauses, release seeks. */
export const SeekBar = observer(function SeekBar({ player }: { player: PlayerStore }) {
  const max = Math.max(1, Math.round(player.duration * STEPS_PER_SECOND))
  const seekBy = (seconds: number): void => {
    const target = Math.min(player.duration, Math.max(0, player.position + seconds))
    player.startDrag()
    player.endDrag(target)
  }
  // Taro's H5 Slider is bare divs: the bar itself is the slider for keyboards and screen readers
  const slider = {
    role: 'slider',
    tabindex: 0,
    'aria-label': t('player.panel.seek'),
    'aria-valuemin': 0,
    'aria-valuemax': Math.round(player.duration),
    'aria-valuenow': Math.round(player.position),
    'aria-valuetext': t('player.panel.seekValue', { position: formatDuration(player.position), duration: formatDuration(player.duration) }),
    onKeyDown(event: KeyLike) {
      const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? KEY_STEP_SECONDS : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -KEY_STEP_SECONDS : 0
      if (step === 0) return
      event.preventDefault()
      seekBy(step)
    },
  }
  return (
    <View className='seek-bar' {...slider}>
      <Text className='seek-bar__time seek-bar__time--elapsed' aria-hidden='true'>{formatDuration(player.position)}</Text>
      <Slider
        className='seek-bar__slider'
        min={0}
        max={max}
        step={1}
        value={Math.min(max, Math.round(player.position * STEPS_PER_SECOND))}
        blockSize={16}
        // the played part must stand out from the track (3:1): $ui-primary
        activeColor='#047a3d'
        onChanging={(e) => {
          player.startDrag()
          player.dragTo(e.detail.value / STEPS_PER_SECOND)
        }}
        onChange={(e) => player.endDrag(e.detail.value / STEPS_PER_SECOND)}
      />
      <Text className='seek-bar__time seek-bar__time--total' aria-hidden='true'>{formatDuration(player.duration)}</Text>
    </View>
  )
})

/** Spec 000 §2: the audio control panel of the lesson viewer. */
export const AudioPanel = observer(function AudioPanel({ player, reveal }: { player: PlayerStore; reveal?: RevealVoice }) {
  const media = player.current
  if (!media) return null
  return (
    <View className='audio-panel' role='region' aria-label={t('player.panel.label')}>
      <View className='audio-panel__head'>
        <Text className='audio-panel__title'>{t('player.panel.nowPlaying', { name: [media.singer, media.title].filter(Boolean).join(' · ') })}</Text>
        <View className='audio-panel__close' aria-label={t('player.panel.close')} {...pressable(() => player.closePanel())}>
          ×
        </View>
      </View>
      <SeekBar player={player} />
      <View className='audio-panel__rates' role='radiogroup' aria-label={t('player.panel.speed')}>
        {PLAYBACK_RATES.map((rate) => (
          <Text
            key={rate}
            className={`audio-panel__rate${player.rate === rate ? ' audio-panel__rate--active' : ''}`}
            aria-checked={player.rate === rate}
            {...pressable(() => player.setRate(rate), { role: 'radio' })}
          >
            {formatRate(rate)}
          </Text>
        ))}
      </View>
      <View className='audio-panel__controls'>
        <Text className='audio-panel__locate' {...pressable(() => void locatePlaying(player, reveal))}>
          {t('player.panel.locate')}
        </Text>
        <View
          className={`audio-panel__toggle audio-panel__toggle--${player.isPlaying ? 'pause' : 'play'}`}
          aria-label={t(player.isPlaying ? 'player.panel.pause' : 'player.panel.play')}
          {...pressable(() => player.togglePlay())}
        />
        <ListeningTools player={player} />
      </View>
    </View>
  )
})
