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

/** The welcome pages' `info`: the JSON URL-encoded once here, once more by the link (spec 000 §2: double-encoded). */
const inviteInfo = (info: Record<string, string>): string => encodeURIComponent(JSON.stringify(info))

/** The seeded free group's invite (server/invite/seed.ts), for one of its QR-code invite handles. */
const SEEDED_GROUP_INVITE = (data: string): Record<string, string> => ({ usrname: '林老师', groupname: '读书会', data })
/** The admin and complaint viewers' route `data` (server/lesson/seedReview.ts grants). */
function reviewData(userid: string, token: string, data: string): string {
  return JSON.stringify({ token, userid, data })
}

/**
 * Links to every screen that exists, with the reference server's seeded ids
 * (server/core/seed.ts and each area's seed.ts). A test checks each one resolves to a built page.
 */
export const DEMO_SECTIONS: DemoSection[] = [
  {
    title: 'launcher.section.lesson',
    links: [
      { label: 'launcher.home', route: 'Home' },
      { label: 'launcher.transcript', route: 'Transcript' },
      { label: 'launcher.offlineLesson', route: 'OfflineLesson', params: { courseData: 'demo-all-types' } },
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
    title: 'launcher.section.invite',
    links: [
      { label: 'launcher.invite.friend', route: 'Welcome', params: { info: inviteInfo({ usrname: '林老师', data: 'invite-friend' }) } },
      { label: 'launcher.invite.group', route: 'GroupWelcome', params: { info: inviteInfo(SEEDED_GROUP_INVITE('invite-group')) } },
      { label: 'launcher.invite.friendPhone', route: 'FriendWelcomeWithPhone', params: { info: inviteInfo({ usrname: '林老师', data: 'invite-wm-friend' }) } },
      { label: 'launcher.invite.groupPhone', route: 'GroupWelcomeWithPhone', params: { info: inviteInfo(SEEDED_GROUP_INVITE('invite-wm-group')) } },
      { label: 'launcher.invite.validate', route: 'WmValidate' },
      { label: 'launcher.invite.password', route: 'WXpasswordWelcome', params: { wmid: 'wm_teacher', gid: 'g-free', version: 1 } },
      { label: 'launcher.invite.passwordFriend', route: 'WXpasswordWelcome', params: { wmid: 'wm_teacher', version: 1, isOpenWeimai: 1 } },
      { label: 'launcher.invite.share', route: 'WmShare', params: { pwd: 'WMF8888', name: '林老师' } },
      { label: 'launcher.invite.download', route: 'DownloadWm' },
      { label: 'launcher.invite.open', route: 'OpenWeimai' },
      { label: 'launcher.invite.scan', route: 'Invite' },
      { label: 'launcher.invite.payGroup', route: 'Pay4group', params: { gid: 'g-paid', wmid: 'wm_teacher', password: 'WMG2002' } },
    ],
  },
  {
    title: 'launcher.section.review',
    links: [
      { label: 'launcher.review.admin', route: 'LessonAdmin', params: { data: reviewData('wm_admin', 'token-admin', 'legacy-paid') } },
      { label: 'launcher.review.author', route: 'LessonAdmin', params: { data: reviewData('wm_teacher', 'token-teacher', 'legacy-password') } },
      { label: 'launcher.review.complaint', route: 'LessonComplain', params: { data: reviewData('wm_complainant', 'token-complaint-open', 'legacy-open') } },
      { label: 'launcher.review.complaintQuery', route: 'Complaint', params: { data: reviewData('wm_complainant', 'token-complaint-open', 'legacy-open') } },
      { label: 'launcher.review.refused', route: 'LessonComplain', params: { data: reviewData('wm_complainant', 'token-complaint-open', 'legacy-paid') } },
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
      { label: 'launcher.live.subscriptions', route: 'LiveSubscribeNoti' },
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
    title: 'launcher.section.vip',
    links: [
      { label: 'launcher.vip.eligible', route: 'VipExchange', params: { data: 'vip-eligible' } },
      { label: 'launcher.vip.exchanged', route: 'VipExchange2', params: { data: 'vip-exchanged' } },
      { label: 'launcher.vip.slots', route: 'VipExchange3', params: { data: 'vip-exchanged' } },
      { label: 'launcher.vip.small', route: 'VipExchange2', params: { data: 'vip-small' } },
    ],
  },
  {
    title: 'launcher.section.misc',
    links: [
      { label: 'launcher.misc.album', route: 'LessonAlbum', params: { data: 'album-english' } },
      { label: 'launcher.misc.albumEmpty', route: 'LessonAlbum', params: { data: 'album-empty' } },
      { label: 'launcher.misc.stickerNew', route: 'AddFaceWM', params: { d: 'sticker-new' } },
      { label: 'launcher.misc.stickerBound', route: 'AddFaceWM', params: { d: 'sticker-bound' } },
      { label: 'launcher.misc.tmp', route: 'Tmp', params: { type: 'share', courseData: 'demo-paid', payType: 1 } },
    ],
  },
  {
    title: 'launcher.section.tools',
    links: [
      { label: 'launcher.tools.iat', route: 'IatTest' },
      { label: 'launcher.tools.test', route: 'Test' },
      { label: 'launcher.tools.wmJsApi', route: 'TestWmJsApi' },
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
