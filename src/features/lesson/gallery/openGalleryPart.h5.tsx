import { lazyPart } from '../../../ui/lazyPart'

/** The open gallery and its swiper arrive in a chunk of their own when a picture is first opened. */
export const OpenGallery = lazyPart(() => import('./OpenGallery').then((m) => m.OpenGallery))
