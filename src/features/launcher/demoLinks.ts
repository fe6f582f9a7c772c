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
 * (server/core/seed.ts and each area's seed.ts). A test checks each one resolves to a built page.
 */
export const DEMO_SECTIONS: DemoSection[] = [
  {
    title: 'launcher.section.lesson',
    links: [
      { label: 'launcher.lesson.open', route: 'Lesson', params: { courseData: 'demo-open' } },
      { label: 'launcher.lesson.allTypes', route: 'Lesson', params: { courseData: 'demo-all-types' } },
      { label: 'launcher.lesson.legacy', route: 'Lesson', params: { isPayLesson: 0, data: 'legacy-open' } },
      { label: 'launcher.lesson.password', route: 'Lesson', params: { courseData: 'demo-password' } },
      { label: 'launcher.lesson.paid', route: 'Lesson', params: { isPayLesson: 1, courseData: 'demo-paid' } },
      { label: 'launcher.lesson.bought', route: 'Lesson', params: { isPayLesson: 1, courseData: 'paid-bought' } },
      { label: 'launcher.lesson.illegal', route: 'Lesson', params: { courseData: 'demo-illegal' } },
      { label: 'launcher.lesson.apply', route: 'Lesson', params: { courseData: 'demo-apply' } },
      { label: 'launcher.lesson.viewLimit', route: 'Lesson', params: { courseData: 'demo-viewlimit' } },
      { label: 'launcher.lesson.missing', route: 'Lesson', params: { courseData: 'no-such-lesson' } },
    ],
  },
  {
    title: 'launcher.section.purchase',
    links: [
      { label: 'launcher.pay.share', route: 'LessonPay', params: { type: 'share', courseData: 'demo-paid', payType: 1 } },
      { label: 'launcher.pay.bought', route: 'LessonPay', params: { type: 'share', courseData: 'paid-bought', payType: 1 } },
      { label: 'launcher.pay.password', route: 'LessonPay', params: { type: 'share', courseData: 'demo-password', payType: 1 } },
      { label: 'launcher.pay.live', route: 'LessonPay', params: { type: 'share', courseData: 'demo-paid', payType: 2 } },
    ],
  },
  {
    title: 'launcher.section.money',
    links: [
      { label: 'launcher.money.profile', route: 'Profile' },
      { label: 'launcher.money.withdraw', route: 'Withdraw' },
      { label: 'launcher.money.withdrawAction', route: 'WithdrawAction' },
      { label: 'launcher.money.bankCard', route: 'WithdrawBindCard' },
      { label: 'launcher.money.cardForm', route: 'WithdrawBindCardEdit' },
    ],
  },
  {
    title: 'launcher.section.live',
    links: [
      { label: 'launcher.live.now', route: 'LiveHome', params: { courseData: 'live-now' } },
      { label: 'launcher.live.audio', route: 'LiveHome', params: { courseData: 'live-audio' } },
      { label: 'launcher.live.paid', route: 'LiveHome', params: { courseData: 'live-english' } },
      { label: 'launcher.live.ended', route: 'LiveHome', params: { courseData: 'live-ended' } },
      { label: 'launcher.live.replay', route: 'LiveHome', params: { type: 'playBack', data: 'live-replay' } },
      { label: 'launcher.live.appOnly', route: 'LiveHome', params: { courseData: 'live-app' } },
      { label: 'launcher.live.admin', route: 'LiveHomeAdmin', params: { courseData: 'live-now' } },
      { label: 'launcher.live.subscriptions', route: 'LiveSubscribeNoti', params: { openid: 'openid-buyer' } },
      { label: 'launcher.live.noSubscriptions', route: 'LiveSubscribeNoti', params: { openid: 'openid-visitor' } },
      { label: 'launcher.live.end', route: 'LiveEnd' },
    ],
  },
  {
    title: 'launcher.section.media',
    links: [
      { label: 'launcher.media.m4a', route: 'M4aPlayer', params: { name: 'weekend.m4a', url: '/media/voice/weekend.m4a', fileExtension: 'm4a' } },
      { label: 'launcher.media.audio', route: 'AudioPlayer', params: { name: 'listening.mp3', url: '/media/file/listening.mp3', fileExtension: 'mp3' } },
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
