import { useEffect, useMemo, useState } from 'react'
import { Image, Text, View } from '../../platform/components/basic'
import { circleMediaOf } from '../../domain/message/circle'
import type { CircleDetailData } from '../../domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../domain/message/url'
import { imageAlt, pressable } from '../../ui/a11y'
import { t } from '../../locales'
import { imagePlatform } from '../../platform/image'
import { StateView } from '../../ui/StateView'
import { VideoView, GalleryModel, GalleryOverlay } from '../lesson'
import './circle.scss'

/**
 * Longer posts start folded with a "full text" expander. A character and line count stands in
 * for measuring the laid-out text, which the mini-program can only do asynchronously.
 */
export const FOLD_CHARS = 140
export const FOLD_LINES = 6

export function needsFold(content: string): boolean {
  return content.length > FOLD_CHARS || content.split('\n').length > FOLD_LINES
}

function PostText({ content }: { content: string }) {
  const foldable = needsFold(content)
  const [expanded, setExpanded] = useState(false)
  if (!content) return null
  return (
    <View className='circle__text-box'>
      <Text className={`circle__text${foldable && !expanded ? ' circle__text--folded' : ''}`} userSelect>
        {content}
      </Text>
      {foldable ? (
        <Text className='circle__expander' {...pressable(() => setExpanded(!expanded))}>
          {t(expanded ? 'circle.collapse' : 'circle.fullText')}
        </Text>
      ) : null}
    </View>
  )
}

function PostImages({ images }: { images: string[] }) {
  const [gallery] = useState(
    () =>
      new GalleryModel(
        { pictures: () => null, loadedImages: () => images.map((url, id) => ({ id, url })) },
        imagePlatform.nativePreview,
      ),
  )
  useEffect(() => () => gallery.close(), [gallery])
  if (images.length === 0) return null
  return (
    <View className={`circle__grid circle__grid--${images.length === 1 ? 'single' : 'multi'}`}>
      {images.map((url, id) => (
        <View
          key={`${id}-${url}`}
          className='circle__tile'
          {...pressable(() => void gallery.open({ id, url }))}
        >
          <Image className='circle__img' src={url} mode={images.length === 1 ? 'widthFix' : 'aspectFill'} lazyLoad {...imageAlt(t('cells.image.nth', { index: id + 1 }))} />
        </View>
      ))}
      <GalleryOverlay model={gallery} />
    </View>
  )
}

/**
 * Circle post detail (spec 000 §2, WmCircleDetail and GroupSpaceDetail): the author, the text
 * with a "full text" expander, then a picture grid with preview or the video with its poster.
 * `detail` is undefined when the route's data is broken: an error state, never a blank page.
 */
export function CircleDetailScreen({ detail }: { detail: CircleDetailData | undefined }) {
  const media = useMemo(() => (detail === undefined ? undefined : circleMediaOf(detail)), [detail])
  if (detail === undefined || media === undefined) return <StateView kind='error' title={t('circle.badData')} />
  const nickname = detail.user?.nickname ?? t('circle.defaultNickname')
  return (
    <View className='circle'>
      <View className='circle__avatar-box'>
        {detail.user?.faceIcon ? (
          <Image
            className='circle__avatar'
            src={avatarThumbnailUrl(detail.user.faceIcon, AVATAR_THUMBNAIL.circle)}
            mode='aspectFill'
            {...imageAlt(nickname)}
          />
        ) : (
          <View className='circle__avatar circle__avatar--blank' />
        )}
      </View>
      <View className='circle__main'>
        <Text className='circle__nickname'>{nickname}</Text>
        <PostText content={media.content} />
        {media.isVideo && media.videoUrl && media.posterUrl ? (
          <View className='circle__video'>
            <VideoView url={media.videoUrl} posterUrl={media.posterUrl} width={0} height={0} />
          </View>
        ) : (
          <PostImages images={media.images} />
        )}
      </View>
    </View>
  )
}
