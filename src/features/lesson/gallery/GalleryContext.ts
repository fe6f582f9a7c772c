import { createContext, useContext } from 'react'
import type { GalleryImage } from './GalleryModel'

export interface GalleryOpener {
  open(image: GalleryImage): void
}

/** Null outside a lesson screen: an image cell there has no gallery to open. */
export const GalleryContext = createContext<GalleryOpener | null>(null)

export function useGallery(): GalleryOpener | null {
  return useContext(GalleryContext)
}
