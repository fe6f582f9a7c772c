import { useEffect } from 'react'
import { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { useAppStores } from '../../app/stores'
import { t } from '../../locales'
import type { AlbumStore } from './stores'
import '../../locales/packages/album'

const pageLink = (): string => (typeof window !== 'undefined' ? window.location.href.split('#')[0] : '')

/**
 * Sharing an album (spec 001 §7): the album's name and image, the page link and 'exported from the
 * app', through the same share gateway as a lesson (JS-SDK in WeChat's browser, where 505 skips
 * the setup silently; the page's share menu in the mini-program).
 */
export function useAlbumShare(store: AlbumStore, path: string): void {
  const { share } = useAppStores()
  const title = store.album?.albumInfo.albumName ?? ''
  const imageUrl = store.album?.albumInfo.albumPic ?? ''
  useShareAppMessage(() => ({ title, imageUrl: imageUrl || undefined, path }))
  useShareTimeline(() => ({ title, imageUrl: imageUrl || undefined, query: path.split('?')[1] }))
  useEffect(() => {
    if (!title) return
    void share.setShareContent({ title, desc: t('share.desc'), imageUrl, link: pageLink() })
  }, [share, title, imageUrl])
}

/** Sharing the sticker guide (spec 001 §7): a title and description about adding stickers. */
export function useStickerShare(path: string): void {
  const { share } = useAppStores()
  const title = t('sticker.shareTitle')
  useShareAppMessage(() => ({ title, path }))
  useShareTimeline(() => ({ title, query: path.split('?')[1] }))
  useEffect(() => {
    void share.setShareContent({ title, desc: t('sticker.shareDesc'), imageUrl: '', link: pageLink() })
  }, [share, title])
}
