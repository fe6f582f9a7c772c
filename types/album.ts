/**
 * Wire types and calls of the course album and the sticker guide (spec 001 §2 /lessonAlbum and
 * /addFaceWM, §3 Album and Sticker authorization, §7 queryLessonAlbum and Sticker info).
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/** The album's own fields (spec 001 §3). */
export interface AlbumInfo {
  albumPic: string
  albumName: string
  albumIntro: string
}

/** One lesson of an album; `duration` in seconds, `courseUrl` the lesson's viewer link. */
export interface AlbumCourse {
  courseName: string
  coursePic: string
  courseUrl: string
  duration: number
}

/** data.object of albumCalls.album */
export interface Album {
  albumInfo: AlbumInfo
  courseArray: AlbumCourse[]
}

/** data.object of albumCalls.sticker: where authorizing goes, and whether the user is bound. */
export interface StickerAuth {
  wxUrl: string
  isBind: 0 | 1
}

export const albumCalls = {
  /** queryLessonAlbum: `data` is the album's handle (the page's query `data`); 404 for an unknown one */
  album: endpoint<{ data: string }, ObjectData<Album>>('/wmim/course/album/qryAlbumInfo.do', { data: 'required' }),
  /** the sticker guide's authorization state; `d` is the page's query `d` */
  sticker: endpoint<{ d: string }, ObjectData<StickerAuth>>('/wx/ki/wx/expression/queryInfo.do', { d: 'required' }),
} as const
