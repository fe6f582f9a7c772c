import { createClient } from '../api/client'
import { createLessonApi } from '../api/lesson'
import { taroTransportDeps } from '../api/taro'
import { taroStorage } from '../platform/storage'
import { LessonStore } from './lesson'
import { SessionStore } from './session'

/** The composition root: storage -> session -> transport -> api -> stores. */
const session = new SessionStore(taroStorage)
const client = createClient(taroTransportDeps(session))

export const api = {
  lesson: createLessonApi(client.post),
}

export const rootStore = {
  session,
  createLessonStore: (): LessonStore => new LessonStore(api.lesson),
}

export type RootStore = typeof rootStore
