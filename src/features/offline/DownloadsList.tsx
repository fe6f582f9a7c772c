import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import { formatFileSize } from '../../domain/format'
import { t } from '../../locales'
import { navigate } from '../../platform/navigation'
import { pressable } from '../../ui/a11y'
import type { OfflineStore } from './OfflineStore'
import './offline.scss'

/** The downloaded lessons, each with its size, opening offline, with delete (issue 35 item 5). */
export const DownloadsList = observer(function DownloadsList({ store }: { store: OfflineStore }) {
  if (!store.supported) return <Text className='downloads__note'>{t('home.downloads.unsupported')}</Text>
  if (store.lessons.length === 0) return <Text className='downloads__note'>{t('home.downloads.empty')}</Text>
  return (
    <View className='downloads' role='list'>
      {store.lessons.map((lesson) => (
        <View className='downloads__row' key={lesson.courseData} role='listitem'>
          <View className='downloads__open' {...pressable(() => navigate('OfflineLesson', { courseData: lesson.courseData }), { role: 'link' })}>
            <Text className='downloads__name'>{lesson.courseName}</Text>
            <Text className='downloads__size'>{formatFileSize(lesson.bytes)}</Text>
          </View>
          <Text
            className='downloads__delete'
            aria-label={t('offline.deleteLabel', { name: lesson.courseName })}
            {...pressable(() => void store.remove(lesson.courseData))}
          >
            {t('offline.delete')}
          </Text>
        </View>
      ))}
    </View>
  )
})
