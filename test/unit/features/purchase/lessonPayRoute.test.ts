import { resolvePath } from '../../../../src/domain/routes'
import { afterLoginTarget, lessonPayRouteFromParams } from '../../../../src/features/purchase/lessonPayRoute'

/** The /lessonPay variants of spec 001 §2, resolved from a real address as the H5 router would. */
function routeOf(url: string, stored: { courseData?: string; inviterWmid?: string } = {}) {
  const resolved = resolvePath(url)
  if (!resolved) throw new Error(`no route for ${url}`)
  expect(resolved.route.name).toBe('LessonPay')
  return lessonPayRouteFromParams(resolved.params, stored)
}

describe('/lessonPay route variants', () => {
  it('reads the share entry /lessonPay/share/{courseData}/{payType}', () => {
    expect(routeOf('/lessonPay/share/demo-paid/1')).toEqual({ kind: 'course', courseData: 'demo-paid', payType: 1 })
    expect(routeOf('/lessonPay/share/live-7/2')).toEqual({ kind: 'course', courseData: 'live-7', payType: 2 })
  })

  it('reads /{type}/{data} with optional payType and inviterWmid', () => {
    expect(routeOf('/lessonPay/course/demo-paid')).toEqual({ kind: 'course', courseData: 'demo-paid', payType: 1 })
    expect(routeOf('/lessonPay/course/demo-paid/2')).toMatchObject({ payType: 2 })
    expect(routeOf('/lessonPay/course/demo-paid/1/wm_inviter')).toEqual({
      kind: 'course',
      courseData: 'demo-paid',
      payType: 1,
      inviterWmid: 'wm_inviter',
    })
  })

  it('falls back to the stored courseData and inviter on a bare /lessonPay', () => {
    expect(routeOf('/lessonPay', { courseData: 'demo-paid', inviterWmid: 'wm_a' })).toEqual({
      kind: 'course',
      courseData: 'demo-paid',
      payType: 1,
      inviterWmid: 'wm_a',
    })
    expect(routeOf('/lessonPay')).toEqual({ kind: 'invalid', reason: 'missing' })
  })

  it('reads the login return ?type=login&data=<JSON>', () => {
    const data = encodeURIComponent(JSON.stringify({ loginData: 'ld', isWeMaiUser: 0, courseData: 'demo-paid', courseType: 1 }))
    expect(routeOf(`/lessonPay?type=login&data=${data}`)).toEqual({
      kind: 'loginReturn',
      loginData: { loginData: 'ld', isWeMaiUser: 0, courseData: 'demo-paid', courseType: 1 },
    })
    expect(routeOf('/lessonPay?type=login&data=%7Bbroken')).toEqual({ kind: 'invalid', reason: 'badLoginData' })
  })
})

describe('afterLoginTarget', () => {
  it('returns to the course the login was for, else the stored one', () => {
    expect(afterLoginTarget({ loginData: 'x', isWeMaiUser: 1, courseData: 'live-1', courseType: 2 }, 'demo')).toEqual({
      courseData: 'live-1',
      payType: 2,
    })
    expect(afterLoginTarget({ loginData: 'x', isWeMaiUser: 1 }, 'demo')).toEqual({ courseData: 'demo', payType: 1 })
    expect(afterLoginTarget({ loginData: 'x', isWeMaiUser: 1 }, undefined)).toBeUndefined()
  })
})
