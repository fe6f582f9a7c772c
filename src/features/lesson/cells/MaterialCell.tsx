import { Image, Text, View } from '../../../platform/components/basic'
import type { MaterialMessage } from '../../../domain/message/types'
import { navigate } from '../../../platform/navigation'
import { t } from '../../../locales'
import { imageAlt, pressable } from '../../../ui/a11y'
import './Card.scss'
import './MaterialCell.scss'

/** Spec 000 §9: the preview shows three pictures; the fourth tile carries the total count. */
export const MATERIAL_PREVIEW_IMAGES = 3

/**
 * A circle post (type 0) or group space post (type 1): its text, up to four picture tiles or the
 * video's poster. A tap opens the post page with the post as its `data` parameter, in the shape
 * `readCircleData` reads back (content, mediaArr, mediaPrefix, picDomainArr, mediaDomains,
 * isVideo, user).
 */
export function MaterialCell({ message }: { message: MaterialMessage }) {
  const circle = message.materialType === 0
  const open = (): void => navigate(circle ? 'WmCircleDetail' : 'GroupSpaceDetail', { data: JSON.stringify(message.detail) })
  const tiles = message.images.slice(0, MATERIAL_PREVIEW_IMAGES + 1)
  return (
    <View className={`cell-card cell-material cell-material--${circle ? 'circle' : 'space'}`} {...pressable(open)}>
      <View className='cell-material__body'>
        {message.content ? <Text className='cell-material__content'>{message.content}</Text> : null}
        {message.isVideo && message.posterUrl ? (
          <View className='cell-material__video'>
            <Image className='cell-material__img' src={message.posterUrl} mode='aspectFill' lazyLoad {...imageAlt(null)} />
            <View className='cell-material__play' />
          </View>
        ) : null}
        {tiles.length > 0 ? (
          <View className='cell-material__grid'>
            {tiles.map((url, index) => (
              <View key={`${index}-${url}`} className='cell-material__tile'>
                <Image className='cell-material__img' src={url} mode='aspectFill' lazyLoad {...imageAlt(null)} />
                {index === MATERIAL_PREVIEW_IMAGES ? (
                  <View className='cell-material__count'>
                    <Text>{t('cells.material.total', { count: message.totalImages })}</Text>
                  </View>
                ) : null}
              </View>
            ))}
          </View>
        ) : null}
      </View>
      <Text className='cell-card__footer'>{t(circle ? 'cells.material.circle' : 'cells.material.groupSpace')}</Text>
    </View>
  )
}
