import type { MessageKey } from '../../locales'
import type { RouteName, RouteParams } from '../../domain/routes'

export interface DemoLink {
  label: MessageKey
  route: RouteName
  params?: RouteParams
}

export interface DemoSection {
  title: MessageKey
  links: DemoLink[]
}

/**
 * Links to every screen that exists, with the reference server's seeded ids
 * (server/db/seed.ts). A test checks each one resolves to a built page.
 */
export const DEMO_SECTIONS: DemoSection[] = [
  {
    title: 'launcher.section.lesson',
    links: [
      { label: 'launcher.lesson.open', route: 'Lesson', params: { courseData: 'demo-open' } },
      { label: 'launcher.lesson.legacy', route: 'Lesson', params: { isPayLesson: 0, data: 'legacy-open' } },
      { label: 'launcher.lesson.password', route: 'Lesson', params: { courseData: 'demo-password' } },
      { label: 'launcher.lesson.paid', route: 'Lesson', params: { isPayLesson: 1, courseData: 'demo-paid' } },
      { label: 'launcher.lesson.bought', route: 'Lesson', params: { isPayLesson: 1, courseData: 'paid-bought' } },
      { label: 'launcher.lesson.illegal', route: 'Lesson', params: { courseData: 'demo-illegal' } },
      { label: 'launcher.lesson.missing', route: 'Lesson', params: { courseData: 'no-such-lesson' } },
    ],
  },
  {
    title: 'launcher.section.system',
    links: [
      { label: 'launcher.system.illegal', route: 'Illegal' },
      { label: 'launcher.system.vipAlert', route: 'VipAlert' },
      { label: 'launcher.system.notFound', route: 'NotFound', params: { path: '/no/such/page' } },
    ],
  },
]
