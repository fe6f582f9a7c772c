import type { LoginData } from '../../../types/login'
import type { PayType } from '../../api/purchase'
import { presentParam } from '../../domain/routeParams'
import { readLoginData } from '../../stores/loginData'

/**
 * What a /lessonPay address asks for (spec 001 §2): `/lessonPay/{type}/{data}` with optional
 * `/{payType}` and `/{inviterWmid}`, the share entry `/lessonPay/share/{courseData}/{payType}`, and the
 * login return `?type=login&data=<LoginData JSON>`. For every other type, `data` is the courseData.
 * A bare /lessonPay reopens the course the site remembered (storage `courseData`).
 */
export type LessonPayRoute =
  | { kind: 'course'; courseData: string; payType: PayType; inviterWmid?: string }
  | { kind: 'loginReturn'; loginData: LoginData }
  /** nothing names a course, or the login data is unreadable */
  | { kind: 'invalid'; reason: 'missing' | 'badLoginData' }

export function lessonPayRouteFromParams(
  params: Readonly<Record<string, string | undefined>>,
  stored: { courseData?: string; inviterWmid?: string } = {},
): LessonPayRoute {
  if (params.type === 'login') {
    const loginData = readLoginData(presentParam(params.data))
    return loginData ? { kind: 'loginReturn', loginData } : { kind: 'invalid', reason: 'badLoginData' }
  }
  const courseData = presentParam(params.courseData) ?? presentParam(params.data) ?? presentParam(stored.courseData)
  if (!courseData) return { kind: 'invalid', reason: 'missing' }
  const inviterWmid = presentParam(params.inviterWmid) ?? presentParam(stored.inviterWmid)
  return {
    kind: 'course',
    courseData,
    payType: presentParam(params.payType) === '2' ? 2 : 1,
    ...(inviterWmid ? { inviterWmid } : {}),
  }
}

/** Where the login return goes once the login data is stored: the course it was for, else the stored one. */
export function afterLoginTarget(
  loginData: LoginData,
  storedCourseData: string | undefined,
): { courseData: string; payType: PayType } | undefined {
  const courseData = presentParam(loginData.courseData) ?? presentParam(storedCourseData)
  return courseData ? { courseData, payType: loginData.courseType === 2 ? 2 : 1 } : undefined
}
