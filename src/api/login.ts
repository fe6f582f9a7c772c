import type { LoginData, PhoneBindPayload, SessionData } from '../../types/login'
import { loginCalls } from '../../types/login'
import { createCall } from './client'
import type { Post } from './client'

/**
 * Phone login and binding (spec 000 §7): the SMS code, the bind call answering a session, the
 * mini-program's login round trip, the native app's login and logout. The dialog shows a rejected code's message itself, so these
 * calls do not toast (`silent`); the rejection carries the server's message.
 */
export function createLoginApi(post: Post) {
  const call = createCall(post)

  return {
    async sendSms(phone: string, interCode: string): Promise<void> {
      await call(loginCalls.sendSms, { phone, interCode }, { silent: true })
    },

    /** `encryptData` is the JSON text of {phone, interCode, vcode} (the reference server reads it as JSON). */
    async bindPhone(payload: PhoneBindPayload, loginData: string): Promise<SessionData> {
      const res = await call(loginCalls.bindPhone, { encryptData: JSON.stringify(payload), loginData }, { silent: true })
      return res.data.object
    },

    async weappLogin(code: string): Promise<LoginData> {
      const res = await call(loginCalls.weappLogin, { code })
      return res.data.object
    },

    /** The native app's user, vouched for by the token its bridge answered (getUserInfo `encryptData`). */
    async appLogin(userid: string, encryptData: string): Promise<LoginData> {
      const res = await call(loginCalls.appLogin, { userid, encryptData })
      return res.data.object
    },

    /** Ends this login on the server too (the session headers ride along with every call). */
    async logout(loginData: string | undefined): Promise<void> {
      await call(loginCalls.logout, loginData ? { loginData } : {}, { silent: true })
    },
  }
}

export type LoginApi = ReturnType<typeof createLoginApi>
