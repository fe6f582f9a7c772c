import { feedback } from '../../platform/feedback'
import { definePackageStores } from '../../app/stores'
import { createLiveApi } from '../../api/live'
import { createLiveModerationApi } from '../../api/liveModeration'
import { createChatUploadApi } from '../../api/chatUpload'
import { chatFilePlatform } from '../../platform/chatFile'
import { platformEnv } from '../../platform/env'
import { apiGetJson } from '../../api/taro'
import { LiveHomeStore, SubscriptionsStore } from '../../features/live'
import type { LiveNotice } from '../../features/live'
import { NeteaseModeration, createChatroomClient } from '../../im'
import { platformChatroomEdge } from '../../im/platformEdge'
import { getLocale, t } from '../../locales'
import { messageOf } from '../../domain/errorMessage'
import '../../locales/packages/live'

const NOTICES: Record<LiveNotice, Parameters<typeof t>[0]> = {
  commentNeedsLogin: 'live.needLoginToComment',
  subscribeNeedsLogin: 'live.needLoginToSubscribe',
  replayNoComment: 'live.replayNoComment',
  passwordTooShort: 'live.passwordTooShort',
}

/**
 * The live package's composition, reached only from its own pages: built on the app's one
 * transport and login data; the chat room client (src/im) is loaded only here.
 */
export const useLiveStores = definePackageStores((app) => {
  const live = createLiveApi(app.post, apiGetJson)
  const moderation = createLiveModerationApi(app.post)
  // the live chat's chunks go to the API's host with the session, in the app's language (its refusals are read)
  const chatUpload = createChatUploadApi(app.post, (path, headers, data) =>
    chatFilePlatform.postChunk(`${platformEnv.apiBase()}${path}`, { ...app.session.headers, 'accept-language': getLocale(), ...headers }, data),
  )
  return {
    createSubscriptionsStore: (openid: string): SubscriptionsStore => new SubscriptionsStore(live, openid, messageOf),
    createLiveHomeStore: (): LiveHomeStore =>
      new LiveHomeStore({
        api: live,
        login: () => app.loginData.data,
        signedIn: () => app.session.loggedIn,
        createClient: (appKey) => createChatroomClient(appKey, platformChatroomEdge, { sendNetEaseFile: (chatroomId, url, idClient) => chatUpload.sendNetEase(chatroomId, url, idClient) }),
        // H5 on https; the mini-program has no page address (its requests are https only)
        securePage: () => globalThis.location?.protocol === 'https:',
        uploadFile: (chatroomId, kind, name, file, onProgress) => chatUpload.upload(chatroomId, kind, name, file, onProgress),
        serverModeration: (courseData) => new NeteaseModeration((fields) => moderation.moderate(courseData, fields)),
        guestNick: () => t('live.guestNick', { n: String(Math.floor(Math.random() * 9000) + 1000) }),
        notice: (key) => feedback.toast({ title: t(NOTICES[key]), icon: 'none', duration: 2000 }),
        messageOf,
      }),
  }
})
