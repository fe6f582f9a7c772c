import { Image, View } from '../../../platform/components/basic'
import type { CustomFaceMessage, FaceMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { imageAlt } from '../../../ui/a11y'
import { boxStyle, FACE_MAX, fitMedia } from './mediaBox'
import './FaceCell.scss'

/** A sticker or GIF without a bubble, like WeChat: `naturalSize` (custom) or width/height sizes it. */
export function FaceCell({ message }: { message: FaceMessage | CustomFaceMessage }) {
  const url = message.kind === 'face' ? message.url : message.emojiUrl
  const size = message.kind === 'face' ? message : message.naturalSize
  const box = size?.width !== undefined && size.height !== undefined ? fitMedia(size.width, size.height, FACE_MAX) : null
  return (
    <View
      className={`cell-face cell-face--${message.kind}${box ? '' : ' cell-face--unsized'}`}
      style={box ? boxStyle(box) : undefined}
    >
      <Image className='cell-face__img' src={url} mode='aspectFit' lazyLoad {...imageAlt(t('msg.type.face'))} />
    </View>
  )
}
