import { useEffect, useState } from 'react'
import { Audio } from '../../platform/components/audio'
import { Text, View } from '../../platform/components/basic'
import { Slider } from '../../platform/components/slider'
import { observer } from 'mobx-react-lite'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { m4aPlayableUrl } from '../../platform/audio/mediaUrl'
import { StateView } from '../../ui/StateView'
import type { AudioFileItem } from './audioFile'
import { DownloadButton } from './DownloadButton'
import type { PlayerStore } from '../../stores/player'
import { SeekBar, usePlayerNotice } from '../player'
import './audioFile.scss'

/** The native element's id, for tests that drive the page. */
export const NATIVE_AUDIO_ID = 'audio-player-native'

export interface AudioFileScreenProps {
  /** null when the page parameters name no playable file */
  file: AudioFileItem | null
  /** the app's one player (from the misc package's stores) */
  player: PlayerStore
}

function MuteHint() {
  return <Text className='audio-file__hint'>{t('player.page.muteHint')}</Text>
}

/**
 * /m4aPlayer (spec 001 §2 "Audio player page"): play/pause, elapsed and total time, a draggable
 * knob, download with progress. It plays through the app's one player, so a lesson voice stops
 * when it starts; leaving the page stops it.
 */
export const M4aPlayerScreen = observer(function M4aPlayerScreen({ file, player }: AudioFileScreenProps) {
  usePlayerNotice(player)
  const url = file?.url
  const active = player.current?.kind === 'file' && player.current.id === url
  // the length from the file's metadata, so the total shows before the first play
  const [length, setLength] = useState<number | undefined>(undefined)

  useEffect(() => {
    setLength(undefined)
    if (!url) return
    let live = true
    void player.fileDuration(url).then((seconds) => {
      if (live) setLength(seconds)
    })
    return () => {
      live = false
    }
  }, [player, url])

  useEffect(
    () => () => {
      if (player.current?.kind === 'file' && player.current.id === url) player.stop()
    },
    [player, url],
  )

  if (!file) return <StateView kind='error' title={t('player.page.badParams')} />
  const playing = active && player.isPlaying
  const toggle = (): void =>
    active ? player.togglePlay() : void player.playFile({ url: file.url, title: file.name, duration: length })
  return (
    <View className='audio-file'>
      <Text className='audio-file__name'>{file.name}</Text>
      <View
        className={`audio-panel__toggle audio-panel__toggle--${playing ? 'pause' : 'play'} audio-file__toggle`}
        aria-label={t(playing ? 'player.panel.pause' : 'player.panel.play')}
        {...pressable(toggle)}
      />
      {active ? (
        <SeekBar player={player} />
      ) : (
        <View className='seek-bar'>
          <Text className='seek-bar__time'>0:00</Text>
          <Slider className='seek-bar__slider' min={0} max={1} value={0} disabled blockSize={16} />
          <Text className='seek-bar__time seek-bar__time--total'>{formatDuration(length ?? 0)}</Text>
        </View>
      )}
      <DownloadButton file={file} />
      <MuteHint />
    </View>
  )
})

/**
 * /audioPlayer: the same file in the platform's native audio element with its own controls.
 * The 50 MB rule runs first; starting it stops the lesson player (one sound at a time).
 */
export const AudioPlayerScreen = observer(function AudioPlayerScreen({ file, player }: AudioFileScreenProps) {
  usePlayerNotice(player)
  const [admitted, setAdmitted] = useState<boolean | undefined>(undefined)
  const url = file?.url

  useEffect(() => {
    if (!url) return
    let live = true
    void player.admitFile(url).then((ok) => {
      if (live) setAdmitted(ok)
    })
    return () => {
      live = false
    }
  }, [player, url])

  if (!file) return <StateView kind='error' title={t('player.page.badParams')} />
  return (
    <View className='audio-file'>
      <Text className='audio-file__name'>{file.name}</Text>
      {admitted === undefined ? <StateView kind='loading' title={t('common.loading')} /> : null}
      {admitted ? (
        <Audio
          id={NATIVE_AUDIO_ID}
          className='audio-file__native'
          src={m4aPlayableUrl(file.url)}
          controls
          name={file.name}
          author=''
          onPlay={() => {
            if (player.current) player.stop()
          }}
        />
      ) : null}
      {admitted === false ? <StateView kind='error' title={t('player.audioTooLarge')} /> : null}
      <DownloadButton file={file} />
      <MuteHint />
    </View>
  )
})
