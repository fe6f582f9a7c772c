/**
 * Browser storage keys of spec 000 §3 ("Stored in the browser"), in one place: several areas read
 * what another wrote (a bare /lesson reopens the courseData /lessonPay stored). All are local
 * storage but `lessonRqId`, the spec's session key.
 */
export const STORAGE_KEYS = {
  /** the user session (token, userid, encryptKey) as JSON */
  session: 'session',
  /** the visitor's login data (spec 001 §3) as JSON */
  loginData: 'loginData',
  /** the last accepted lesson password */
  lessonPassword: 'lessonwd',
  /** the lesson /lessonPay last opened */
  courseData: 'courseData',
  /** who shared the lesson, for the share reward */
  inviterWmid: 'inviterWmid',
  /** the share link of the lesson /lessonPay last opened: where its login return goes when nothing else names the lesson */
  lessonShareUrl: 'lessonShareUrl',
  /**
   * Session storage (`platform/sessionStorage`): the lesson this tab's /lessonPay opened, so a bare
   * /lessonPay and its login return in this tab go back to it, not to another tab's (`courseData`)
   */
  lessonRqId: 'lessonRqId',
  /** the VIP slots the last exchange won (spec 001 §1): /vipExchange3 says the number while its list loads */
  vipCount: 'vipCount',
  /** /profile's segment: 0 bought, 1 on sale and share (spec 001 §4) */
  profileSegment: 'profileSegment',
  /** /profile's sub-tab: 0 lessons, 1 lives */
  profilePayType: 'profilePayType',
  /** '1' once the bank card form was saved since the last withdrawal attempt (spec 001 §4, §5 retry rule) */
  withdrawCardUpdated: 'withdrawCardUpdated',
  /** the live /liveHome last opened: a bare /liveHome (the re-entry after /refresh) reopens it */
  liveCourseData: 'liveCourseData',
  /** the key the local chat room issued to this client: its guest account and its bans follow it (issue 29, items 2 and 3) */
  chatClientKey: 'chatClientKey',
  /** the VIP campaign link a VIP page showed: its owner's login comes back without it (`data` is the login's) */
  vipCampaignLink: 'vipCampaignLink',
  /** this installation's random id, naming it among the listener's devices (resume on any device, issue 35 item 4) */
  resumeDevice: 'resumeDevice',
  /** the downloaded lessons (issue 35 item 5): each one's name, size and kept files, as JSON */
  offlineLessons: 'offlineLessons',
} as const
