import { Image, Text, View } from '../../../platform/components/basic'
import { Swiper, SwiperItem } from '../../../platform/components/swiper'
import { observer } from 'mobx-react-lite'
import { t } from '../../../locales'
import { imageAlt, scriptFocusable, useModalFocus, useUiId, type KeyLike } from '../../../ui/a11y'
import { offerImageSave } from '../cells/saveImageMenu'
import { useLongPress } from '../cells/useLongPress'
import type { GalleryImage, GalleryModel } from './GalleryModel'
import './gallery.scss'

function GallerySlide({ image, index, onClose }: { image: GalleryImage; index: number; onClose: () => void }) {
  const press = useLongPress(() => void offerImageSave(image.url), onClose)
  return (
    <View className='gallery__slide-body' {...press}>
      <Image className='gallery__image' src={image.url} mode='aspectFit' {...imageAlt(t('cells.image.nth', { index: index + 1 }))} />
    </View>
  )
}

/** The open gallery: its swiper, slides and keys (GalleryOverlay says what it does). */
export const OpenGallery = observer(function OpenGallery({ model }: { model: GalleryModel }) {
  const id = useUiId()
  const close = (): void => model.close()
  useModalFocus(id, close)
  const last = model.images.length - (model.hasMore ? 1 : 0)
  const turnWithArrows = {
    onKeyDown(event: KeyLike) {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step === 0) return
      event.preventDefault()
      model.setCurrent(Math.min(last, Math.max(0, model.current + step)))
    },
  }
  return (
    <View
      id={id}
      className='gallery'
      catchMove
      role='dialog'
      aria-modal='true'
      aria-label={t('cells.gallery.label')}
      {...scriptFocusable}
      {...turnWithArrows}
    >
      <Swiper
        className='gallery__swiper'
        current={model.current}
        onChange={(event) => model.setCurrent(event.detail.current)}
      >
        {model.images.map((image, index) => (
          <SwiperItem key={image.id} className='gallery__slide' itemId={String(image.id)}>
            <GallerySlide image={image} index={index} onClose={close} />
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
      {model.loading ? (
        <View className='gallery__loading' role='status'>
          {t('common.loading')}
        </View>
      ) : null}
    </View>
  )
})
