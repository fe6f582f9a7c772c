/** The misc package's course album (/lessonAlbum) and sticker guide (/addFaceWM). */
export { AlbumScreen } from './AlbumScreen'
export { StickerGuideScreen } from './StickerGuideScreen'
export { AlbumStore, StickerStore } from './stores'
export { useAlbumShare, useStickerShare } from './useShares'
