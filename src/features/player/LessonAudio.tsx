import { useEffect, useRef, useState } from 'react'
import { usePageScroll } from '@tarojs/taro'
import { Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { useAppStores } from '../../app/stores'
import { formatDuration } from '../../domain/format'
import type { LessonLink } from '../../domain/lessonLink'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { platformEnv } from '../../platform/env'
import type { PlayerStore } from '../../stores/player'
import { AudioPanel } from './audioPanelPart'
import { RemoteResumeBar } from './RemoteResumeBar'
import { useLessonPlaylist, type PlayableLesson } from './lessonPlaylist'
import { usePlayer } from './usePlayer'
import { formatRate } from './rate'
import { locatePlaying, measureVoiceDistance, type RevealVoice } from './scroll'
import { usePlayerNotice } from './usePlayerNotice'
import './player.scss'

/** Spec 000 §9: the back-to-playing button appears beyond 500 px and hides after 2 s. */
export const BACK_TO_PLAYING_DISTANCE_PX = 500
export const BACK_TO_PLAYING_HIDE_MS = 2000
/** Measuring on every scroll event would flood the mini-program's bridge. */
const MEASURE_INTERVAL_MS = 200

const ResumeBar = observer(function ResumeBar({ player }: { player: PlayerStore }) {
  const { resumeSync } = useAppStores()
  // another device's newer place stands in for this device's own
  if (resumeSync.shownOffer) return <RemoteResumeBar />
  const offer = player.resumeOffer
  if (!offer) return null
  return (
    <View className='resume-bar'>
      <Text className='resume-bar__text'>{t('player.resume.prompt', { time: formatDuration(offer.position) })}</Text>
      <Text className='resume-bar__action' {...pressable(() => void player.acceptResume())}>
        {t('player.resume.continue')}
      </Text>
      <Text className='resume-bar__dismiss' {...pressable(() => player.dismissResume())}>
        {t('player.resume.dismiss')}
      </Text>
    </View>
  )
})

const BackToPlaying = observer(function BackToPlaying({ player, reveal }: { player: PlayerStore; reveal?: RevealVoice }) {
  const [visible, setVisible] = useState(false)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>()
  const lastMeasure = useRef(0)
  const msgId = player.playingViewed ? player.currentVoiceId : undefined

  useEffect(() => () => clearTimeout(hideTimer.current), [])

  usePageScroll(() => {
    const now = Date.now()
    if (!msgId || now - lastMeasure.current < MEASURE_INTERVAL_MS) return
    lastMeasure.current = now
    void measureVoiceDistance(msgId).then((distance) => {
      if (distance <= BACK_TO_PLAYING_DISTANCE_PX) return
      setVisible(true)
      clearTimeout(hideTimer.current)
      hideTimer.current = setTimeout(() => setVisible(false), BACK_TO_PLAYING_HIDE_MS)
    })
  })

  if (!visible || !msgId) return null
  const back = (): void => {
    setVisible(false)
    void locatePlaying(player, reveal)
  }
  return (
    <View className='back-to-playing' {...pressable(back)}>
      {t('player.backToPlaying')}
    </View>
  )
})

export interface LessonAudioProps {
  lesson: PlayableLesson
  link: LessonLink
  /** mounts a voice's row when the list mounts only the rows near the screen */
  reveal?: RevealVoice
}

/**
 * The background continuous play button (spec 000 §2: mini-program only, lists with voice only).
 * It sits in the lesson's flow under the creation date: floating at the top, it covered the
 * first lines of whatever scrolled under it.
 */
export const BackgroundPlay = observer(function BackgroundPlay() {
  const player = usePlayer()
  if (!platformEnv.supportsBackgroundAudio || !player.viewedHasVoice) return null
  return (
    <View className='background-play' {...pressable(() => player.playAll())}>
      {t('player.backgroundPlay')}
    </View>
  )
})

/**
 * Everything else the lesson viewer shows for voice (spec 000 §2): the resume offer, the floating
 * rate button, back-to-playing and the audio panel.
 */
export const LessonAudio = observer(function LessonAudio({ lesson, link, reveal }: LessonAudioProps) {
  const player = usePlayer()
  useLessonPlaylist(player, lesson, link)
  usePlayerNotice(player)
  // a saved place may lie in a page not loaded yet, so the offer does not wait for voice to show up
  if (!player.viewedHasVoice) return <ResumeBar player={player} />
  return (
    <View className='lesson-audio'>
      <ResumeBar player={player} />
      <View
        className={`rate-button${player.panelVisible && player.playingViewed ? ' rate-button--raised' : ''}`}
        aria-label={t('player.rateButton', { rate: formatRate(player.rate) })}
        {...pressable(() => player.cycleRate())}
      >
        {formatRate(player.rate)}
      </View>
      <BackToPlaying player={player} reveal={reveal} />
      {player.panelVisible && player.playingViewed ? (
        <>
          {/* keeps the list's end reachable above the fixed panel */}
          <View className='audio-panel-spacer' />
          <AudioPanel player={player} reveal={reveal} />
        </>
      ) : null}
    </View>
  )
})
