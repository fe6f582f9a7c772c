import { makeAutoObservable, runInAction } from 'mobx'
import type { ResumeListItem } from '../../../types/resume'
import type { ResumeApi } from '../../api/resume'

/** Where the list of lessons to continue stands. */
export type ContinueState = 'loggedOut' | 'loading' | 'ready' | 'error'

/**
 * The listener's home (issue 35 item 6): the lessons to continue, from the places the server keeps
 * for a logged-in listener (resume on any device), newest first. A logged-out listener is asked to
 * log in; a failure is shown with a retry.
 */
export class HomeStore {
  state: ContinueState = 'loading'
  items: ResumeListItem[] = []
  private asked = 0

  constructor(
    private readonly api: Pick<ResumeApi, 'list'>,
    private readonly session: { readonly loggedIn: boolean },
  ) {
    makeAutoObservable<HomeStore, 'api' | 'session' | 'asked'>(this, { api: false, session: false, asked: false }, { autoBind: true })
  }

  async load(): Promise<void> {
    const ask = ++this.asked
    if (!this.session.loggedIn) {
      this.state = 'loggedOut'
      this.items = []
      return
    }
    this.state = 'loading'
    try {
      const items = await this.api.list()
      runInAction(() => {
        if (ask !== this.asked) return
        this.items = items
        this.state = 'ready'
      })
    } catch {
      runInAction(() => {
        if (ask === this.asked) this.state = 'error'
      })
    }
  }
}
