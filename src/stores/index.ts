import { createClient } from '../api/client'
import { createLessonApi } from '../api/lesson'
import { createLoginApi } from '../api/login'
import { createPurchaseApi } from '../api/purchase'
import { createShareApi } from '../api/share'
import { taroTransportDeps } from '../api/taro'
import { audioEngine } from '../platform/audio'
import { createAuthGateway } from '../platform/auth'
import { platformEnv } from '../platform/env'
import { createPaymentGateway } from '../platform/payment'
import { createShareGateway } from '../platform/share'
import { taroStorage } from '../platform/storage'
import { LessonStore } from './lesson'
import type { LessonAccessContext } from './lesson'
import { PlayerStore } from './player'
import { LESSON_PASSWORD_STORAGE_KEY, LessonPayStore, LoginDataStore, PayFlowStore } from './purchase'
import { SessionStore } from './session'

/** The composition root: storage -> session -> transport -> api -> stores. */
const session = new SessionStore(taroStorage)
const loginData = new LoginDataStore(taroStorage, session)
// 601 clears the login data with the session: an expired credential would only be refused again
const client = createClient(
  taroTransportDeps({
    get headers() {
      return session.headers
    },
    clear: () => loginData.clear(),
  }),
)

export const api = {
  lesson: createLessonApi(client.post),
  purchase: createPurchaseApi(client.post),
  login: createLoginApi(client.post),
  share: createShareApi(client.post),
}

/** Who reads a lesson and where (decideLessonAccess); the password is remembered as `lessonwd`. */
const lessonAccess: LessonAccessContext = {
  inWechatBrowser: () => platformEnv.inWechatBrowser(),
  userId: () => session.userId,
  isProductUser: () => loginData.isProductUser,
  storedPassword: () => taroStorage.get(LESSON_PASSWORD_STORAGE_KEY),
  rememberPassword: (password) => taroStorage.set(LESSON_PASSWORD_STORAGE_KEY, password),
}

export const platform = {
  payment: createPaymentGateway({ sandboxPay: (orderNO) => api.purchase.sandboxPay(orderNO) }),
  share: createShareGateway({ shareConfig: (registerUrl) => api.share.shareConfig(registerUrl) }),
  auth: createAuthGateway({
    weappLogin: (code) => api.login.weappLogin(code),
    loginUrl: (type, courseData, redirect) => api.purchase.loginUrl(type, courseData, redirect),
  }),
}

export const rootStore = {
  session,
  /** one player for the whole app: playback survives page changes */
  player: new PlayerStore(audioEngine, taroStorage),
  createLessonStore: (): LessonStore => new LessonStore(api.lesson, undefined, lessonAccess),
  loginData,
  createLessonPayStore: (): LessonPayStore =>
    new LessonPayStore({
      lesson: api.lesson,
      storage: taroStorage,
      loginData,
      inWechatBrowser: () => platformEnv.inWechatBrowser(),
      userId: () => session.userId,
    }),
  createPayFlow: (): PayFlowStore =>
    new PayFlowStore({ purchase: api.purchase, login: api.login, auth: platform.auth, payment: platform.payment, loginData }),
}

export type RootStore = typeof rootStore
