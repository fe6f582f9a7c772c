import { definePackageStores } from '../../app/stores'
import { createAlbumApi } from '../../api/album'
import { AlbumStore, StickerStore } from '../../features/album'

/**
 * The misc package's album and sticker guide stores, on the app's one transport. A hook of its own
 * beside `useMiscStores`, so each area of this package composes only what its pages use.
 */
export const useAlbumStores = definePackageStores((app) => {
  const album = createAlbumApi(app.post)
  return {
    createAlbumStore: (data: string): AlbumStore => new AlbumStore(album, data),
    createStickerStore: (d: string): StickerStore => new StickerStore(album, d),
  }
})
