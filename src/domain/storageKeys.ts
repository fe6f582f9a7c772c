/**
 * Browser storage keys of spec 000 §3 ("Stored in the browser"), in one place: several areas read
 * what another wrote (a bare /lesson reopens the courseData /lessonPay stored).
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
} as const
