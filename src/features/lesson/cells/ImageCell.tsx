import { Image, View } from '../../../platform/components/basic'
import type { ImageMessage } from '../../../domain/message/types'
import { imageAlt, pressable } from '../../../ui/a11y'
import { t } from '../../../locales'
import { useGallery } from '../gallery/GalleryContext'
import { boxStyle, fitMedia, IMAGE_MAX } from './mediaBox'
import { offerImageSave } from './saveImageMenu'
import { nativeBridge } from '../../../platform/bridge'
import { useLongPress } from './useLongPress'
import './ImageCell.scss'

/**
 * A picture at most IMAGE_MAX wide or tall; its box comes from the payload's size so the list does
 * not jump while it loads. Tap opens the gallery, a 500 ms press the save menu (spec 000 §9).
 */
export function ImageCell({ message }: { message: ImageMessage }) {
  const alt = t('cells.image.alt', { name: message.sender.nickname })
  const gallery = useGallery()
  // inside the native app its own viewer and menu take the image (platform/bridge)
  const menu = (): void => {
    if (!nativeBridge.photoMenu(message.url)) void offerImageSave(message.url)
  }
  const open = (): void => {
    if (!nativeBridge.openImg(message.url, [message.url])) gallery?.open({ id: message.id, url: message.url })
  }
  const press = useLongPress(menu, open)
  const box = fitMedia(message.width, message.height, IMAGE_MAX)
  return (
    <View
      className={`cell-image${box ? '' : ' cell-image--unsized'}`}
      style={box ? boxStyle(box) : undefined}
      aria-label={alt}
      {...pressable(open, { onMenu: menu })}
      {...press}
    >
      <Image className='cell-image__img' src={message.url} mode={box ? 'aspectFill' : 'widthFix'} lazyLoad {...imageAlt(alt)} />
    </View>
  )
}
