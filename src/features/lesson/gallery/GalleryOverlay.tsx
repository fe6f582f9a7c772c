import { Image, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { t } from '../../../locales'
import { offerImageSave } from '../cells/saveImageMenu'
import { useLongPress } from '../cells/useLongPress'
import type { GalleryImage, GalleryModel } from './GalleryModel'
import './gallery.scss'

function GallerySlide({ image, onClose }: { image: GalleryImage; onClose: () => void }) {
  const press = useLongPress(() => void offerImageSave(image.url), onClose)
  return (
    <View className='gallery__slide-body' {...press}>
      <Image className='gallery__image' src={image.url} mode='aspectFit' />
    </View>
  )
}

/**
 * The full-screen swiper over every picture of the lesson; a tap closes it, a long press offers
 * to save, and past the last picture a "no more" slide ends the list (spec 000 §2).
 */
export const GalleryOverlay = observer(function GalleryOverlay({ model }: { model: GalleryModel }) {
  if (!model.visible) return null
  const close = (): void => model.close()
  return (
    <View className='gallery' catchMove>
      <Swiper
        className='gallery__swiper'
        current={model.current}
        onChange={(event) => model.setCurrent(event.detail.current)}
      >
        {model.images.map((image) => (
          <SwiperItem key={image.id} className='gallery__slide' itemId={String(image.id)}>
            <GallerySlide image={image} onClose={close} />
          </SwiperItem>
        ))}
        {model.hasMore ? null : (
          <SwiperItem className='gallery__slide gallery__slide--end' itemId='end'>
            <View className='gallery__slide-body' onClick={close}>
              <Text className='gallery__end'>{t('common.noMore')}</Text>
            </View>
          </SwiperItem>
        )}
      </Swiper>
      {model.loading ? <Text className='gallery__loading'>{t('common.loading')}</Text> : null}
    </View>
  )
})
