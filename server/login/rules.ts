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

/** What a login's `courseData` names (login data `courseType`, spec 001 §3): 1 a lesson, 2 a live. */
export type CourseType = 1 | 2

/** The lookups that tell a lesson's courseData from a live's. */
export interface CourseLookup {
  lessonExists(courseData: string): Promise<boolean>
  liveExists(courseData: string): Promise<boolean>
}

/** The lookups over the lesson and live areas' repositories. */
export function courseLookup(repos: {
  lessons: { findByCourseData(courseData: string): Promise<unknown> }
  lives: { find(courseData: string): Promise<unknown> }
}): CourseLookup {
  return {
    lessonExists: async (courseData) => (await repos.lessons.findByCourseData(courseData)) !== undefined,
    liveExists: async (courseData) => (await repos.lives.find(courseData)) !== undefined,
  }
}

/**
 * The kind of item a login names, or undefined when it names none. loginUrl type 2 (the live page,
 * spec 000 §7) looks for a live first, type 1 (profile, lesson purchase) for a lesson; either may
 * name the other kind (a live's pay page logs in as the purchase it is).
 */
export async function courseTypeOf(lookup: CourseLookup, type: LoginUrlType, courseData: string): Promise<CourseType | undefined> {
  const order: readonly CourseType[] = type === 2 ? [2, 1] : [1, 2]
  for (const kind of order) {
    if (await (kind === 1 ? lookup.lessonExists(courseData) : lookup.liveExists(courseData))) return kind
  }
  return undefined
}

/**
 * What a finished WeChat login leaves in the return URL: a fresh credential, and for a product
 * user a session too (a visitor gets one by binding a phone); the item it was started for, with its kind.
 */
export async function issueLoginData(
  accounts: AccountRepository,
  user: AccountRecord,
  now: number,
  origin: string,
  course: { courseData: string; courseType: CourseType } | undefined,
): Promise<LoginData> {
  const data: LoginData = {
    loginData: await accounts.issueLogin(user.wmid, now),
    isWeMaiUser: user.isProductUser,
    nickname: user.nickname,
    faceIcon: absoluteUrl(origin, user.faceIcon),
    ...(course ? { courseData: course.courseData, courseType: course.courseType } : {}),
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
