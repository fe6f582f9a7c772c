import { ROUTES, appPages, movedPage, resolvePath, routeByName, toPageUrl } from '../../../src/domain/routes'

/**
 * Issue 36 item 3: pages the first page does not need left the main package. Their route names and
 * legacy paths are unchanged; a mini-program link or share card written with the old main-package
 * page path still reaches them.
 */
const MOVED = {
  LessonPay: 'pages/lessonPay/index',
  LessonComplain: 'pages/lessonComplain/index',
  LessonAdmin: 'pages/lessonAdmin/index',
  Illegal: 'pages/illegal/index',
  VipAlert: 'pages/vipAlert/index',
  Profile: 'pages/profile/index',
  Refresh: 'pages/refresh/index',
} as const

describe('pages moved out of the main package', () => {
  test('the main package keeps the first page, the lesson viewer, not-found, home and the offline lesson', () => {
    expect(appPages()).toEqual(['pages/launcher/index', 'pages/lesson/index', 'pages/notFound/index', 'pages/home/index', 'pages/offlineLesson/index'])
  })

  test.each(Object.entries(MOVED))('%s: its old page path resolves to it, with its query', (name, oldPage) => {
    const route = routeByName(name as keyof typeof MOVED)
    expect(route.package).not.toBe('main')
    expect(route.page).not.toBe(oldPage)
    expect(movedPage(oldPage)).toBe(name)
    expect(movedPage(`/${oldPage}`)).toBe(name)
    expect(resolvePath(`/${oldPage}?data=a%2Bb&x=1`)).toEqual({ route, params: { data: 'a+b', x: '1' } })
    // navigation builds the new path
    expect(toPageUrl(name as keyof typeof MOVED, { data: 'd' })).toBe(`/${route.page}?data=d`)
  })

  test('movedPage answers null for every other path, hostile ones too', () => {
    const others = [
      // every page's current path, the moved ones' new paths included
      ...ROUTES.flatMap((r) => [r.page, `/${r.page}`]),
      'pages/lessonPay/index/x', 'pages/lessonpay/index', 'pages//index', 'pages/__proto__/index', 'pages/constructor/index',
      '', '/', 'lessonPay', '../pages/profile/index', 'pages/profile/index?x=1', 'packages/money/pages/lessonPay/index',
    ]
    for (const path of others) expect(movedPage(path)).toBeNull()
  })
})
