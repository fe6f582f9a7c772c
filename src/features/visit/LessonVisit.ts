import { makeAutoObservable, runInAction } from 'mobx'
import type { LessonApi } from '../../api/lesson'
import type { LessonLink } from '../../domain/lessonLink'

/** Too many wrong passwords: the server did not check this one; the minutes to wait, when it said. */
export interface TooManyTries {
  waitMinutes?: number
}

export type PasswordCheck =
  | { verdict: 'accepted' | 'rejected' | 'mustPay' }
  | ({ verdict: 'tooManyTries' } & TooManyTries)

/**
 * The lesson password is checked by a one-item list request carrying it; 200 accepts it (spec 000 §5).
 * A failure is toasted by the transport unless `silent` (the caller shows it on the screen).
 */
export async function checkLessonPassword(
  api: Pick<LessonApi, 'messages'>,
  link: LessonLink,
  coursePass: string,
  silent = false,
): Promise<PasswordCheck> {
  const result = await api.messages(link, 1, { pageSize: 1, coursePass, silent })
  switch (result.kind) {
    case 'passwordRejected':
      return { verdict: 'rejected' }
    case 'tooManyTries':
      return { verdict: 'tooManyTries', waitMinutes: result.waitMinutes }
    case 'mustPay':
      return { verdict: 'mustPay' }
    default:
      return { verdict: 'accepted' }
  }
}

/** What unlocking answered; 'failed' means the transport already told the user (toast) and the lock stays. */
export type UnlockVerdict = PasswordCheck['verdict'] | 'failed'

export interface LessonVisitDeps {
  api: Pick<LessonApi, 'messages' | 'apply'>
  /** an accepted password is remembered as `lessonwd` (spec 000 §3) */
  rememberPassword(password: string): void
}

/**
 * What a visitor did to a lesson during this visit, shared by the viewer (/lesson) and the purchase page
 * (/lessonPay): the password lock (unlock), the open-in-browser apply, and a payment the server confirmed.
 * The access decision (`domain/lessonAccess`) reads `standing`; the server enforces every rule again.
 */
export class LessonVisit {
  /** a password check is running / the typed password was refused */
  unlocking = false
  passwordRejected = false
  /** the server stopped checking passwords for a while (too many wrong ones): the lock says how long */
  tooManyTries: TooManyTries | null = null
  passwordVerified = false
  /** the apply call is running / succeeded during this visit */
  applying = false
  applied = false
  /** payment succeeded during this visit (the server's order state said paid) */
  paidLocally = false

  constructor(private readonly deps: LessonVisitDeps) {
    makeAutoObservable<LessonVisit, 'deps'>(this, { deps: false })
  }

  /** The inputs of decideLessonView / decideLessonPayView this visit contributes. */
  get standing(): { applied: boolean; passwordVerified: boolean; paidLocally: boolean } {
    return { applied: this.applied, passwordVerified: this.passwordVerified, paidLocally: this.paidLocally }
  }

  /**
   * The lock's unlock button: 200 verifies and remembers the password; 403 marks it wrong;
   * too many wrong ones shows the wait instead.
   */
  async unlock(link: LessonLink, password: string): Promise<UnlockVerdict> {
    if (this.unlocking) return 'failed'
    this.unlocking = true
    this.passwordRejected = false
    this.tooManyTries = null
    try {
      const check = await checkLessonPassword(this.deps.api, link, password)
      const { verdict } = check
      runInAction(() => {
        this.passwordRejected = verdict === 'rejected'
        if (check.verdict === 'tooManyTries') this.tooManyTries = { waitMinutes: check.waitMinutes }
        if (verdict === 'accepted') this.passwordVerified = true
      })
      if (verdict === 'accepted') this.deps.rememberPassword(password)
      return verdict
    } catch {
      // the transport already showed the network or server message; the lock stays
      return 'failed'
    } finally {
      runInAction(() => (this.unlocking = false))
    }
  }

  /** A password from the link or from storage was accepted without the lock showing. */
  passwordAccepted(password: string): void {
    this.passwordVerified = true
    this.passwordRejected = false
    this.deps.rememberPassword(password)
  }

  /** The list refused the password it had accepted (it changed since): ask again. */
  passwordRevoked(): void {
    this.passwordVerified = false
  }

  /** A remembered password or a list page met the password limit: the lock shows the wait. */
  passwordLimited(wait: TooManyTries): void {
    this.passwordVerified = false
    this.passwordRejected = false
    this.tooManyTries = wait
  }

  /** Open-in-browser screen: a successful apply turns the button into 'submitted, waiting for review'. */
  async apply(courseData: string): Promise<boolean> {
    // submitted once this visit: the button is 'waiting for review' and calls nothing more
    if (this.applying || this.applied) return false
    this.applying = true
    try {
      await this.deps.api.apply(courseData)
      runInAction(() => (this.applied = true))
      return true
    } catch {
      // toasted by the transport; the button stays enabled for another try
      return false
    } finally {
      runInAction(() => (this.applying = false))
    }
  }

  /** The server confirmed the payment. */
  markPaid(): void {
    this.paidLocally = true
  }
}
