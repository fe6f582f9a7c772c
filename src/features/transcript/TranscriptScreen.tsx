import { useEffect, useMemo } from 'react'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import { formatDuration } from '../../domain/format'
import { sentenceAt, voiceSentences, type TimedSentence } from '../../domain/listening/sentences'
import { isPlayableVoice } from '../../domain/message/voice'
import type { VoiceMessage } from '../../domain/message/types'
import { t } from '../../locales'
import '../../locales/packages/transcript'
import { pressable } from '../../ui/a11y'
import { StateView } from '../../ui/StateView'
import type { PlayerStore } from '../../stores/player'
import './transcript.scss'

/** A sentence's element id: the page scrolls to the one being played. */
export function sentenceId(msgId: string, index: number): string {
  return `sentence-${msgId.replace(/[^A-Za-z0-9_-]/g, '_')}-${index}`
}

/** Keeps the sentence being played a little below the top of the screen. */
const FOLLOW_OFFSET_PX = -160

interface VoiceTranscriptProps {
  player: PlayerStore
  voice: VoiceMessage
}

/** One voice: its sender, then each sentence as a button that plays from there; the one being played stands out. */
const VoiceTranscript = observer(function VoiceTranscript({ player, voice }: VoiceTranscriptProps) {
  const current = player.playingViewed && player.currentVoiceId === voice.msgId
  // the voice's own length once the engine reports it: the estimate follows the real sound
  const duration = current && player.duration > 0 ? player.duration : voice.duration
  const { sentences, estimated } = useMemo(() => voiceSentences({ text: voice.text, words: voice.words, duration }), [voice.text, voice.words, duration])
  const playingIndex = current ? sentenceAt(sentences, player.position) : -1

  const play = (sentence: TimedSentence): void => {
    if (current) {
      player.seekTo(sentence.start)
      if (!player.isPlaying) player.resume()
    } else {
      void player.playVoice(voice.msgId, sentence.start)
    }
  }

  return (
    <View className='transcript-voice'>
      <Text className='transcript-voice__head'>
        {t('transcript.voice', { name: voice.sender.nickname, seconds: Math.round(voice.duration) })}
      </Text>
      {sentences.length === 0 ? (
        <Text className='transcript-voice__none'>{t('transcript.noText')}</Text>
      ) : (
        <>
          <Text className='transcript-voice__hint'>{t(estimated ? 'transcript.estimated' : 'transcript.timed')}</Text>
          {sentences.map((sentence, index) => {
            const time = `${estimated ? '≈' : ''}${formatDuration(sentence.start)}`
            const playing = index === playingIndex
            return (
              <View
                key={index}
                id={sentenceId(voice.msgId, index)}
                className={`transcript-sentence${playing ? ' transcript-sentence--playing' : ''}`}
                aria-label={t('transcript.sentence', { time, text: sentence.text })}
                aria-current={playing ? 'true' : undefined}
                {...pressable(() => play(sentence))}
              >
                <Text className='transcript-sentence__time' aria-hidden='true'>
                  {time}
                </Text>
                <Text className='transcript-sentence__text' aria-hidden='true'>
                  {sentence.text}
                </Text>
              </View>
            )
          })}
        </>
      )}
    </View>
  )
})

/** The sentence being played anywhere in the lesson, for the follow scroll and the screen reader. */
function playingSentence(player: PlayerStore, voices: readonly VoiceMessage[]): { id: string; text: string } | undefined {
  if (!player.playingViewed) return undefined
  const voice = voices.find((v) => v.msgId === player.currentVoiceId)
  if (!voice) return undefined
  const duration = player.duration > 0 ? player.duration : voice.duration
  const { sentences } = voiceSentences({ text: voice.text, words: voice.words, duration })
  const index = sentenceAt(sentences, player.position)
  return index < 0 ? undefined : { id: sentenceId(voice.msgId, index), text: sentences[index].text }
}

/**
 * /transcript (issue 35 item 1): the lesson on screen as text, voice by voice and sentence by
 * sentence. The sentence being played is highlighted, scrolled to and said politely to a screen
 * reader; a tap on any sentence plays from there. Sentence times come from the speech service's
 * word times where a voice has them, otherwise from the text's length, and the page says which.
 */
export const TranscriptScreen = observer(function TranscriptScreen({ player }: { player: PlayerStore }) {
  const lesson = player.viewed
  const voices = lesson ? lesson.messages.filter(isPlayableVoice) : []
  const playing = playingSentence(player, voices)
  const playingId = playing?.id

  useEffect(() => {
    if (!playingId) return
    Taro.nextTick(() => {
      void Taro.pageScrollTo({ selector: `#${playingId}`, duration: 300, offsetTop: FOLLOW_OFFSET_PX })
    })
  }, [playingId])

  if (!lesson) return <StateView kind='empty' title={t('transcript.noLesson')} />
  if (voices.length === 0 && lesson.loadEnd) return <StateView kind='empty' title={t('transcript.empty')} />
  return (
    <View className='transcript'>
      <Text className='transcript__title'>{lesson.title}</Text>
      <View className='transcript__live' aria-live='polite'>
        {playing ? t('transcript.current', { text: playing.text }) : ''}
      </View>
      {voices.map((voice) => (
        <VoiceTranscript key={voice.msgId} player={player} voice={voice} />
      ))}
      {lesson.loadEnd ? null : (
        <Text className='transcript__more' {...pressable(() => void lesson.loadMore())}>
          {t('transcript.more')}
        </Text>
      )}
    </View>
  )
})
