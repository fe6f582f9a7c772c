import { ResponseCode } from '../../types/api'
import type { Album, StickerAuth } from '../../types/album'
import { albumCalls } from '../../types/album'
import { createCall } from './client'
import type { Post } from './client'

export type { Album, AlbumCourse, AlbumInfo, StickerAuth } from '../../types/album'

/**
 * The album and sticker guide calls (spec 001 §7). Both screens show their own failure (`silent`).
 * `album` answers null for an album the server does not know (404).
 */
export function createAlbumApi(post: Post) {
  const call = createCall(post)

  return {
    async album(data: string): Promise<Album | null> {
      const res = await call(albumCalls.album, { data }, { silent: true })
      return res.code === ResponseCode.NotFound ? null : res.data.object
    },
    async sticker(d: string): Promise<StickerAuth> {
      const res = await call(albumCalls.sticker, { d }, { silent: true })
      if (res.code === ResponseCode.NotFound) throw new Error(res.msg)
      return res.data.object
    },
  }
}

export type AlbumApi = ReturnType<typeof createAlbumApi>
