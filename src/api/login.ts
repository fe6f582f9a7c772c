import type { ObjectData } from '../../types/api'
import type { LoginData, PhoneBindPayload } from '../../types/purchase'
import { WEAPP_LOGIN_PATH } from '../../types/purchase'
import type { SessionData } from '../stores/session'
import type { Post } from './client'

/**
 * Phone login and binding (spec 000 §7): the SMS code, the bind call answering a session, and the
 * mini-program's login round trip. The dialog shows a rejected code's message itself, so these
 * calls do not toast (`silent`); the rejection carries the server's message.
 */
export function createLoginApi(post: Post) {
  return {
    async sendSms(phone: string, interCode: string): Promise<void> {
      await post('/wmim/course/v2/phone/sendSms.do', { phone, interCode }, { silent: true })
    },

    /** `encryptData` is the JSON text of {phone, interCode, vcode} (the reference server reads it as JSON). */
    async bindPhone(payload: PhoneBindPayload, loginData: string): Promise<SessionData> {
      const res = await post<ObjectData<SessionData>>(
        '/wmim/course/v2/phone/bind.do',
        { encryptData: JSON.stringify(payload), loginData },
        { silent: true },
      )
      return res.data.object
    },

    async weappLogin(code: string): Promise<LoginData> {
      const res = await post<ObjectData<LoginData>>(WEAPP_LOGIN_PATH, { code })
      return res.data.object
    },
  }
}

export type LoginApi = ReturnType<typeof createLoginApi>
