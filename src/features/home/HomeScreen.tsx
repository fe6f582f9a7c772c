import { observer } from 'mobx-react-lite'
import type { ResumeListItem } from '../../../types/resume'
import { Image, Text, View } from '../../platform/components/basic'
import { formatDuration, formatFileSize } from '../../domain/format'
import { lessonProgress } from '../../domain/resume'
import { t } from '../../locales'
import { navigate } from '../../platform/navigation'
import { imageAlt, pressable } from '../../ui/a11y'
import { StateView } from '../../ui/StateView'
import type { OfflineStore } from '../offline/model'
import { DownloadsList } from '../offline'
import type { HomeStore } from './HomeStore'
import './home.scss'

function ContinueItem({ item }: { item: ResumeListItem }) {
  const percent = Math.round(lessonProgress(item.voiceIndex, item.voiceCount, item.position, item.voiceDuration) * 100)
  const detail = t('home.continue.item', {
    index: item.voiceIndex + 1,
    count: item.voiceCount,
    time: formatDuration(item.position),
    device: t(`resume.device.${item.device}`),
  })
  const open = () => navigate('Lesson', { courseData: item.courseData })
  return (
    <View className='home-item' {...pressable(open, { role: 'link' })} aria-label={`${item.courseName}，${detail}，${t('home.continue.progress', { percent })}`}>
      {item.coursePic ? <Image className='home-item__cover' src={item.coursePic} mode='aspectFill' {...imageAlt(null)} /> : <View className='home-item__cover' />}
      <View className='home-item__body'>
        <Text className='home-item__title'>{item.courseName}</Text>
        <Text className='home-item__detail'>{detail}</Text>
        <View className='home-item__bar' role='progressbar' aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('home.continue.progress', { percent })}>
          <View className='home-item__fill' style={{ width: `${percent}%` }} />
        </View>
      </View>
    </View>
  )
}

const ContinueSection = observer(function ContinueSection({ store }: { store: HomeStore }) {
  let body
  if (store.state === 'loggedOut') {
    body = (
      <StateView
        kind='empty'
        icon='user'
        className='home__state'
        title={t('home.continue.loggedOut')}
        actionText={t('home.continue.login')}
        onAction={() => navigate('Profile')}
      />
    )
  } else if (store.state === 'loading') {
    body = <StateView kind='loading' className='home__state' title={t('home.continue.loading')} />
  } else if (store.state === 'error') {
    body = <StateView kind='error' className='home__state' title={t('home.continue.error')} actionText={t('home.continue.retry')} onAction={() => void store.load()} />
  } else if (store.items.length === 0) {
    body = <StateView kind='empty' className='home__state' title={t('home.continue.empty')} detail={t('home.continue.emptyDetail')} />
  } else {
    body = store.items.map((item) => <ContinueItem key={item.courseData} item={item} />)
  }
  return (
    <View className='home__section'>
      <View className='home__heading' role='heading' aria-level={2}>
        {t('home.continue.title')}
      </View>
      {body}
    </View>
  )
})

export interface HomeScreenProps {
  store: HomeStore
  offline: OfflineStore
  /** the account's name when logged in */
  accountName: string | undefined
  loggedIn: boolean
}

/**
 * The listener's home (issue 35 item 6): the lessons to continue with their progress, the
 * downloaded lessons, and the account, linking to /profile.
 */
export const HomeScreen = observer(function HomeScreen({ store, offline, accountName, loggedIn }: HomeScreenProps) {
  return (
    <View className='home'>
      <ContinueSection store={store} />
      <View className='home__section'>
        <View className='home__heading' role='heading' aria-level={2}>
          {t('home.downloads.title')}
        </View>
        <DownloadsList store={offline} />
        {offline.supported && offline.lessons.length > 0 ? (
          <Text className='home__total'>{t('offline.listTotal', { size: formatFileSize(offline.usedBytes), budget: formatFileSize(offline.budgetBytes) })}</Text>
        ) : null}
      </View>
      <View className='home__section'>
        <View className='home__heading' role='heading' aria-level={2}>
          {t('home.account.title')}
        </View>
        <View className='home-account' {...pressable(() => navigate('Profile'), { role: 'link' })}>
          <Text className='home-account__name'>{loggedIn ? t('home.account.loggedIn', { name: accountName ?? '' }) : t('home.account.loggedOut')}</Text>
          <Text className='home-account__link'>{t('home.account.open')}</Text>
          <Text className='home-account__arrow' aria-hidden='true'>
            ›
          </Text>
        </View>
      </View>
    </View>
  )
})
