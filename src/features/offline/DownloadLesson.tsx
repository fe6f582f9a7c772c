import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import { useAppStores } from '../../app/stores'
import { formatFileSize } from '../../domain/format'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { offlineStoreOf } from './model'
import './offline.scss'

/**
 * "Download lesson" on a lesson (issue 35 item 5; the mini-program, whose file storage keeps it):
 * the size estimate first, then the progress bar, a refusal past the budget or for a lesson the
 * listener may not read whole, and what failed. H5 shows nothing here: its home says why.
 */
export const DownloadLesson = observer(function DownloadLesson({ courseData }: { courseData: string }) {
  const app = useAppStores()
  const { storage } = app
  const offline = offlineStoreOf(app)
  if (!offline.supported) return null
  const state = offline.stateFor(courseData)
  const kept = offline.lesson(courseData)
  const size = (bytes: number) => formatFileSize(bytes)
  const start = () => void offline.estimate(courseData, storage.get(STORAGE_KEYS.lessonPassword))
  // each state is its own element (`key`): a node the mini-program's runtime reuses with its tap
  // handler taken away fails there (removeEventListener on a handler it no longer knows)
  switch (state.kind) {
    case 'idle':
      return (
        <View className='download-lesson' key={state.kind}>
          {kept ? <Text className='download-lesson__text'>{t('offline.done', { size: size(kept.bytes) })}</Text> : null}
          <Text className='download-lesson__button' {...pressable(start)}>
            {t('offline.download')}
          </Text>
        </View>
      )
    case 'estimating':
      return (
        <View className='download-lesson' key={state.kind} role='status'>
          <Text className='download-lesson__text'>{t('offline.estimating')}</Text>
        </View>
      )
    case 'confirm':
      return (
        <View className='download-lesson' key={state.kind} role='group'>
          <Text className='download-lesson__text'>
            {t('offline.estimate', { size: size(state.estimate), used: size(state.used), budget: size(offline.budgetBytes) })}
          </Text>
          <Text className='download-lesson__button' {...pressable(() => void offline.start())}>
            {t('offline.confirm')}
          </Text>
          <Text className='download-lesson__cancel' {...pressable(() => offline.cancel())}>
            {t('offline.cancel')}
          </Text>
        </View>
      )
    case 'downloading': {
      const percent = state.total === 0 ? 0 : Math.round((state.done / state.total) * 100)
      return (
        <View className='download-lesson' key={state.kind}>
          <Text className='download-lesson__text'>{t('offline.progress', { done: state.done, total: state.total })}</Text>
          <View
            className='download-lesson__bar'
            role='progressbar'
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('offline.progress', { done: state.done, total: state.total })}
          >
            <View className='download-lesson__fill' style={{ width: `${percent}%` }} />
          </View>
        </View>
      )
    }
    case 'done':
      return (
        <View className='download-lesson' key={state.kind} role='status'>
          <Text className='download-lesson__text'>{t('offline.done', { size: size(state.bytes) })}</Text>
        </View>
      )
    case 'overBudget':
      return (
        <View className='download-lesson' key={state.kind} role='alert'>
          <Text className='download-lesson__text download-lesson__text--error'>
            {t('offline.overBudget', { size: size(state.estimate), used: size(state.used), budget: size(offline.budgetBytes) })}
          </Text>
          <Text className='download-lesson__cancel' {...pressable(() => offline.cancel())}>
            {t('offline.cancel')}
          </Text>
        </View>
      )
    case 'notEntitled':
      return (
        <View className='download-lesson' key={state.kind} role='alert'>
          <Text className='download-lesson__text download-lesson__text--error'>{t('offline.notEntitled')}</Text>
        </View>
      )
    case 'failed':
      return (
        <View className='download-lesson' key={state.kind} role='alert'>
          <Text className='download-lesson__text download-lesson__text--error'>{t('offline.failed', { reason: state.reason })}</Text>
          <Text className='download-lesson__button' {...pressable(start)}>
            {t('offline.download')}
          </Text>
        </View>
      )
  }
})
