import { useEffect } from 'react'
import { observer } from 'mobx-react-lite'
import { Image, Text, View } from '../../platform/components/basic'
import { useAppStores } from '../../app/stores'
import type { LessonMessage } from '../../domain/message/types'
import { isPlayableVoice } from '../../domain/message/voice'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { navigate } from '../../platform/navigation'
import { imageAlt, pressable } from '../../ui/a11y'
import { StateView } from '../../ui/StateView'
import type { OfflineLessonStore } from './OfflineLessonStore'
import './offline.scss'

const Row = observer(function Row({ message }: { message: LessonMessage }) {
  const { player } = useAppStores()
  if (isPlayableVoice(message)) {
    const state = player.voiceState(message.msgId)
    return (
      <View
        className={`offline-row offline-row--voice${state === 'playing' ? ' offline-row--playing' : ''}`}
        id={`offline-voice-${message.msgId}`}
        aria-pressed={state === 'playing'}
        {...pressable(() => player.toggleVoice(message.msgId))}
      >
        <Text>{t('msg.type.voice')}</Text>
        <Text className='offline-row__meta'>{formatDuration(message.duration)}</Text>
      </View>
    )
  }
  if (message.kind === 'image') return <Image className='offline-row__image' src={message.url} mode='widthFix' {...imageAlt(t('msg.type.image'))} />
  if (message.kind === 'text') return <Text className='offline-row offline-row--text'>{message.text}</Text>
  return null
})

/** A downloaded lesson, read and played from the device's files with no network (issue 35 item 5). */
export const OfflineLessonScreen = observer(function OfflineLessonScreen({ store }: { store: OfflineLessonStore }) {
  const { player } = useAppStores()
  useEffect(() => {
    void store.load()
  }, [store])
  useEffect(() => {
    if (store.state === 'ready') player.attach(store.playlist)
  }, [player, store, store.state])

  if (store.state === 'loading') return <StateView kind='loading' title={t('offline.opening')} />
  if (store.state === 'missing') return <StateView kind='empty' title={t('offline.listEmpty')} actionText={t('home.downloads.manage')} onAction={() => navigate('Home')} />
  if (store.state === 'error') return <StateView kind='error' title={t('offline.openFailed')} actionText={t('home.continue.retry')} onAction={() => void store.load()} />
  return (
    <View className='offline-lesson'>
      <View className='offline-lesson__head'>
        <View role='heading' aria-level={1} className='offline-lesson__title'>
          {store.lesson?.courseName}
        </View>
        <Text className='offline-lesson__play' {...pressable(() => player.playAll())}>
          {t('player.backgroundPlay')}
        </Text>
      </View>
      {store.messages.map((message) => (
        <Row key={message.msgId} message={message} />
      ))}
    </View>
  )
})
