import { observer } from 'mobx-react-lite'
import type { GalleryModel } from './GalleryModel'
import { OpenGallery } from './openGalleryPart'

/**
 * The full-screen swiper over every picture of the lesson; a tap closes it, a long press offers
 * to save, and past the last picture a "no more" slide ends the list (spec 000 §2). From the
 * keyboard (H5) the arrow keys turn the pictures and Escape closes it.
 */
export const GalleryOverlay = observer(function GalleryOverlay({ model }: { model: GalleryModel }) {
  if (!model.visible) return null
  return <OpenGallery model={model} />
})
