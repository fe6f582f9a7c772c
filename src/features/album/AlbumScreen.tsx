import { observer } from 'mobx-react-lite'
import Taro from '@tarojs/taro'
import { Button, Image, Text, View } from '../../platform/components/basic'
import type { AlbumCourse } from '../../api/album'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { linkPlatform } from '../../platform/link'
import { imageAlt, pressable, useModalFocus, useUiId } from '../../ui/a11y'
import { Overlay } from '../../ui/Overlay'
import { StateView } from '../../ui/StateView'
import { lessonPageUrl } from './lessonTarget'
import type { AlbumStore } from './stores'
import './album.scss'
import '../../locales/packages/album'

function openLesson(course: AlbumCourse): void {
  const url = lessonPageUrl(course.courseUrl)
  if (url) void Taro.navigateTo({ url })
  else void linkPlatform.openWebPage(course.courseUrl)
}

const CourseRow = function CourseRow({ course }: { course: AlbumCourse }) {
  const open = () => openLesson(course)
  const duration = formatDuration(course.duration)
  return (
    <View role='listitem'>
      <View
        className='album__row'
        {...pressable(open, { role: 'link' })}
        aria-label={t('album.lessonLabel', { name: course.courseName, duration })}
      >
        <Image className='album__row-cover' src={course.coursePic} mode='aspectFill' {...imageAlt(null)} />
        <View className='album__row-text'>
          <Text className='album__row-name'>{course.courseName}</Text>
          <Text className='album__row-duration'>{duration}</Text>
        </View>
      </View>
    </View>
  )
}

const ShareHint = function ShareHint({ onClose }: { onClose: () => void }) {
  const id = useUiId()
  useModalFocus(id, onClose)
  return (
    <Overlay className='album__hint-layer' onMaskPress={onClose}>
      <View id={id} className='album__hint' role='dialog' aria-modal='true' aria-label={t('album.shareHint')}>
        <View className='album__hint-arrow' aria-hidden='true' />
        <Text className='album__hint-text'>{t('album.shareHint')}</Text>
        <Button className='album__hint-close' {...pressable(onClose)}>
          {t('album.shareClose')}
        </Button>
      </View>
    </Overlay>
  )
}

/**
 * /lessonAlbum (spec 001 §2): cover, 'album' badge, name, intro, the share control (an overlay
 * pointing at the top-right menu), 'N lessons in total' and the lessons with cover, name and
 * duration; a row opens its lesson. Loading, a failed call and an unknown album have their states.
 */
export const AlbumScreen = observer(function AlbumScreen({ store }: { store: AlbumStore }) {
  const { state } = store
  if (state.kind === 'loading') return <StateView kind='loading' title={t('album.loading')} />
  if (state.kind === 'missing') return <StateView kind='empty' title={t('album.missing')} detail={t('album.missingDetail')} />
  if (state.kind === 'error') {
    return <StateView kind='error' title={t('album.loadFailed')} detail={state.message} actionText={t('ui.retry')} onAction={() => void store.load()} />
  }
  const { albumInfo, courseArray } = state.album
  const share = () => store.showShareHint()
  return (
    <View className='album'>
      <View className='album__head'>
        <Image className='album__cover' src={albumInfo.albumPic} mode='aspectFill' {...imageAlt(t('album.cover', { name: albumInfo.albumName }))} />
        <View className='album__info'>
          <Text className='album__badge'>{t('album.badge')}</Text>
          <View className='album__name' role='heading' aria-level={1}>
            {albumInfo.albumName}
          </View>
          {albumInfo.albumIntro ? <Text className='album__intro'>{albumInfo.albumIntro}</Text> : null}
        </View>
        <Button className='album__share' {...pressable(share)}>
          {t('album.share')}
        </Button>
      </View>
      <View className='album__count' role='heading' aria-level={2}>
        {t('album.count', { count: courseArray.length })}
      </View>
      {courseArray.length === 0 ? (
        <StateView kind='empty' title={t('album.empty')} />
      ) : (
        <View className='album__list' role='list'>
          {courseArray.map((course, index) => (
            <CourseRow key={`${index}-${course.courseUrl}`} course={course} />
          ))}
        </View>
      )}
      {store.shareHintShown ? <ShareHint onClose={() => store.hideShareHint()} /> : null}
    </View>
  )
})
