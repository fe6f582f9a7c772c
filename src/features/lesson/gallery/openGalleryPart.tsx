/** The open gallery, bundled with the page (the mini-program's variant; openGalleryPart.h5.tsx loads it on demand). */
export { OpenGallery } from './OpenGallery'
