import { makeAutoObservable, runInAction } from 'mobx'
import type { LessonMessage } from '../../domain/message/types'
import type { PlaylistSource } from '../../stores/player'
import type { OfflineLesson, OfflineStore } from './OfflineStore'

export type OfflineLessonState = 'loading' | 'ready' | 'missing' | 'error'

/**
 * A downloaded lesson opened from the device's own files (issue 35 item 5): no request is made,
 * so it plays with no network; its list is the player's playlist, with continuous play.
 */
export class OfflineLessonStore {
  state: OfflineLessonState = 'loading'
  messages: LessonMessage[] = []
  lesson: OfflineLesson | undefined = undefined

  constructor(
    private readonly offline: Pick<OfflineStore, 'lesson' | 'messages'>,
    readonly courseData: string,
  ) {
    makeAutoObservable<OfflineLessonStore, 'offline'>(this, { offline: false, courseData: false }, { autoBind: true })
  }

  async load(): Promise<void> {
    const lesson = this.offline.lesson(this.courseData)
    if (!lesson) {
      this.state = 'missing'
      return
    }
    this.lesson = lesson
    this.state = 'loading'
    try {
      const messages = await this.offline.messages(this.courseData)
      runInAction(() => {
        this.messages = messages
        this.state = 'ready'
      })
    } catch {
      runInAction(() => {
        this.state = 'error'
      })
    }
  }

  /** The lesson as the player's playlist: all of it is here, nothing more to load. */
  get playlist(): PlaylistSource {
    const lesson = this.lesson
    const messages = this.messages
    return {
      key: this.courseData,
      title: lesson?.courseName ?? '',
      coverImgUrl: lesson?.coverPath ?? '',
      messages,
      loadEnd: true,
      loadMore: () => Promise.resolve(),
    }
  }
}
