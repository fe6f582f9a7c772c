import { useEffect } from 'react'
import { when } from 'mobx'
import type { LessonInfo } from '../../../types/lesson'
import type { LessonLink } from '../../domain/lessonLink'
import { t } from '../../locales'
import type { LessonStore } from '../lesson/model'
import type { PlayerStore, PlaylistSource } from '../../stores/player'

/** The lesson's identity for the saved resume point. */
export function lessonKey(link: LessonLink): string {
  return link.kind === 'v2' ? link.courseData : `legacy:${link.data}`
}

/** What the player reads of a shown list of lesson messages: the lesson viewer's store, the admin viewers'. */
export type PlayableLesson = Pick<LessonStore, 'title' | 'messages' | 'loadEnd' | 'loadingMore' | 'loadMore'> & {
  readonly info?: Pick<LessonInfo, 'coursePic' | 'faceIcon'>
}

/** The lesson store seen as the player's playlist; reads stay live (mobx tracks them). */
export function lessonPlaylist(lesson: PlayableLesson, key: string): PlaylistSource {
  return {
    key,
    get title() {
      return lesson.title || t('player.untitled')
    },
    get coverImgUrl() {
      return lesson.info?.coursePic || lesson.info?.faceIcon || ''
    },
    get messages() {
      return lesson.messages
    },
    get loadEnd() {
      return lesson.loadEnd
    },
    // a call during a page load shares that load: wait for it, then ask for the page after it
    loadMore: async () => {
      await when(() => !lesson.loadingMore)
      await lesson.loadMore()
    },
  }
}

/** Hands the shown lesson to the player while the lesson page is mounted. */
export function useLessonPlaylist(player: PlayerStore, lesson: PlayableLesson, link: LessonLink): void {
  const key = lessonKey(link)
  useEffect(() => {
    player.attach(lessonPlaylist(lesson, key))
  }, [player, lesson, key])
}
