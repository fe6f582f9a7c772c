import type { LoginData, LoginUrlType } from '../../types/login'
import { absoluteUrl } from '../core/urls'
import type { AccountRecord, AccountRepository } from './data'

/** Where a login returns by loginUrl type (spec 000 §7): where it was started. */
const RETURN_PAGE: Record<LoginUrlType, string> = { 1: '/profile', 2: '/lessonPay' }

/** A phone number in the one form it is stored, limited and looked up in. */
export interface PhoneNumber {
  /** national number, digits */
  phone: string
  /** country code, digits */
  interCode: string
}

const PHONE_DIGITS = /^\d{5,15}$/
/** A mainland mobile number (11 digits from 1) typed with its country code in front. */
const CN_WITH_COUNTRY_CODE = /^861\d{10}$/

/**
 * The number as typed, in one form: country codes `86`, `+86`, `086` and `0086` are `86`; a
 * national number loses its leading zeros (trunk prefix, or `0086…` typed in the phone field)
 * and, for +86, a `86` typed before an 11-digit mobile number. Without this the limits counted
 * each spelling as another phone. Null when it cannot be a phone number.
 */
export function normalisePhone(phone: string, interCode: string): PhoneNumber | null {
  const code = interCode.trim().replace(/^\+/, '').replace(/^0+(?=\d)/, '')
  let national = phone.trim()
  if (!PHONE_DIGITS.test(national)) return null
  national = national.replace(/^0+/, '')
  if (code === '86' && CN_WITH_COUNTRY_CODE.test(national)) national = national.slice(2)
  return PHONE_DIGITS.test(national) ? { phone: national, interCode: code } : null
}

/**
 * What a finished WeChat login leaves in the return URL: a fresh credential, and for a product
 * user a session too (a visitor gets one by binding a phone).
 */
export async function issueLoginData(
  accounts: AccountRepository,
  user: AccountRecord,
  now: number,
  origin: string,
  courseData: string | undefined,
): Promise<LoginData> {
  const data: LoginData = {
    loginData: await accounts.issueLogin(user.wmid, now),
    isWeMaiUser: user.isProductUser,
    nickname: user.nickname,
    faceIcon: absoluteUrl(origin, user.faceIcon),
    // every purchasable item of this server is a lesson (courseType 1; 2 would be a live)
    ...(courseData ? { courseData, courseType: 1 } : {}),
  }
  return user.isProductUser === 1 ? { ...data, ...(await accounts.openSession(user.wmid, now)) } : data
}

/**
 * The page a login returns to: `redirect` when given, else /profile (type 1) or /lessonPay (type 2).
 * Only a page of this site (`origin`): a login that returned elsewhere would hand its credential
 * to another site. Null otherwise. (`npm run dev:h5` proxies /wmim, so its pages are this site too.)
 */
export function loginReturnUrl(origin: string, type: LoginUrlType, redirect: string | undefined): URL | null {
  let url: URL
  try {
    url = new URL(redirect || RETURN_PAGE[type], origin)
  } catch {
    return null
  }
  return url.origin === new URL(origin).origin && url.username === '' && url.password === '' ? url : null
}

/** `<page>?type=login&data=<encodeURIComponent(JSON)>`, the login return of spec 001 §2. */
export function withLoginData(page: URL, data: LoginData): string {
  const url = new URL(page)
  url.searchParams.delete('type')
  url.searchParams.delete('data')
  const params = `type=login&data=${encodeURIComponent(JSON.stringify(data))}`
  url.search = url.search ? `${url.search}&${params}` : `?${params}`
  return url.toString()
}
