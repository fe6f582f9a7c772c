import { createClient, type TransportDeps } from '../api/client'
import { createLessonApi, startLessonFirstCalls } from '../api/lesson'
import { createLoginApi } from '../api/login'
import { createPurchaseApi } from '../api/purchase'
import { createResumeApi } from '../api/resume'
import { createShareApi } from '../api/share'
import { lessonLinkFromParams } from '../domain/lessonLink'
import { resolvePath } from '../domain/routes'
import { STORAGE_KEYS } from '../domain/storageKeys'
import { LessonStore, type LessonAccessContext } from '../features/lesson/model'
import { LessonPayStore, PayFlowStore } from '../features/purchase/model'
import type { AudioEngine } from '../platform/audio/types'
import type { AuthDeps, AuthGateway } from '../platform/auth/types'
import type { PlatformDevice } from '../platform/device/types'
import type { FileStorage } from '../platform/fileStorage/types'
import type { PaymentDeps, PaymentGateway } from '../platform/payment/types'
import type { ShareDeps, ShareGateway } from '../platform/share/types'
import type { KeyValueStorage } from '../platform/storage/types'
import { LoginDataStore } from '../stores/loginData'
import { PlayerStore } from '../stores/player'
import { ResumeSync } from '../stores/resume'
import { SessionStore } from '../stores/session'

/**
 * Everything the main package's stores stand on that is not plain TypeScript: storage, the request
 * itself, the audio engine, where the page runs, and the platform gateways. The app passes the Taro
 * edge (`platformEdge.ts`); tests pass fakes of the same shape, so every store and api module they
 * exercise is the real one.
 */
export interface PlatformEdge {
  storage: KeyValueStorage
  audio: AudioEngine
  /** the device's kind and when the app leaves the screen (resume on any device) */
  device: PlatformDevice
  /** the app's own files: downloaded lessons (the mini-program; H5 keeps none) */
  fileStorage: FileStorage
  inWechatBrowser(): boolean
  transport(session: { readonly headers: Record<string, string>; clear(): void }): TransportDeps
  payment(deps: PaymentDeps): PaymentGateway
  share(deps: ShareDeps): ShareGateway
  auth(deps: AuthDeps): AuthGateway
}

/**
 * The main package's composition (storage -> session -> transport -> api -> stores): only what the
 * lesson viewer and /lessonPay need. Subpackages build their own stores on `post` and `session`
 * (`definePackageStores`), so their code never rides into the main package. Created once, in app.ts.
 */
export function createAppStores(edge: PlatformEdge) {
  const { storage } = edge
  const session = new SessionStore(storage)
  const loginData = new LoginDataStore(storage, session)
  // 601 clears the login data with the session: an expired credential would only be refused again
  const { post, prefetch } = createClient(
    edge.transport({
      get headers() {
        return session.headers
      },
      clear: () => loginData.clear(),
    }),
  )
  const lessonApi = createLessonApi(post)
  const purchaseApi = createPurchaseApi(post)
  const loginApi = createLoginApi(post)
  const shareApi = createShareApi(post)
  const resumeApi = createResumeApi(post)
  const payment = edge.payment({ sandboxPay: (orderNO) => purchaseApi.sandboxPay(orderNO) })
  const auth = edge.auth({
    weappLogin: (code) => loginApi.weappLogin(code),
    appLogin: (userid, encryptData) => loginApi.appLogin(userid, encryptData),
    loginUrl: (type, courseData, redirect) => purchaseApi.loginUrl(type, courseData, redirect),
  })

  /** Who reads a lesson and where (decideLessonView); the password is remembered as `lessonwd`. */
  const lessonAccess: LessonAccessContext = {
    inWechatBrowser: () => edge.inWechatBrowser(),
    userId: () => session.userId,
    isProductUser: () => loginData.isProductUser,
    storedPassword: () => storage.get(STORAGE_KEYS.lessonPassword),
    rememberPassword: (password) => storage.set(STORAGE_KEYS.lessonPassword, password),
  }

  /** one player for the whole app: playback survives page changes */
  const player = new PlayerStore(edge.audio, storage)
  /** a logged-in listener's place goes to the server and comes back on another device (issue 35 item 4) */
  const resumeSync = new ResumeSync({ player, api: resumeApi, session, storage, device: edge.device, now: () => Date.now() })
  resumeSync.start()

  return {
    storage,
    session,
    loginData,
    player,
    resumeSync,
    /** the listener's places, for the listener's home */
    resumeApi,
    /** the app's own files, for the downloaded lessons (`offlineStoreOf`, issue 35 item 5) */
    fileStorage: edge.fileStorage,
    /** the one transport, for the subpackages' api modules */
    post,
    /** the chat-app login, for the live package's viewer (spec 001 §2 identity choice) and /profile */
    auth,
    /** the login calls, for /profile's logout */
    loginApi,
    /** the lesson calls (the gallery pages the picture list itself) */
    lessonApi,
    /**
     * Opened on a lesson link (H5), starts the lesson's first calls at once, in parallel with the
     * download of the lesson page's code instead of after it (issue 16); any other address does nothing.
     */
    startLaunchCalls(url: string | undefined): void {
      const resolved = url === undefined ? null : resolvePath(url)
      if (resolved?.route.name !== 'Lesson') return
      const link = lessonLinkFromParams(resolved.params, storage.get(STORAGE_KEYS.courseData))
      if (!link) return
      startLessonFirstCalls(prefetch, link)
    },
    share: edge.share({ shareConfig: (registerUrl) => shareApi.shareConfig(registerUrl) }),
    /** the payment gateway, for the subpackages (the test page's demo payment) */
    payment,
    createLessonStore: (): LessonStore => new LessonStore(lessonApi, undefined, lessonAccess),
    createLessonPayStore: (): LessonPayStore =>
      new LessonPayStore({
        lesson: lessonApi,
        storage,
        loginData,
        inWechatBrowser: () => edge.inWechatBrowser(),
        userId: () => session.userId,
        liveSale: (courseData) => purchaseApi.liveSale(courseData),
      }),
    createPayFlow: (): PayFlowStore => new PayFlowStore({ purchase: purchaseApi, lesson: lessonApi, login: loginApi, auth, payment, loginData }),
  }
}

export type AppStores = ReturnType<typeof createAppStores>
