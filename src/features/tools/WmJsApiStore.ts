import { action, makeObservable, observable } from 'mobx'
import type { ShareContent, ShareGateway, ShareStep } from '../../platform/share/types'

/**
 * /testWmJsApi: runs the app's one share set-up (the gateway every shared page uses) and keeps each
 * step it reports, in order.
 */
export class WmJsApiStore {
  steps: readonly ShareStep[] = []
  status: 'idle' | 'running' | 'done' = 'idle'

  constructor(
    private readonly share: ShareGateway,
    private readonly content: () => ShareContent,
  ) {
    makeObservable<WmJsApiStore, 'add' | 'finish'>(this, { steps: observable.ref, status: observable, add: action, finish: action, run: action })
  }

  async run(): Promise<void> {
    if (this.status === 'running') return
    this.steps = []
    this.status = 'running'
    try {
      await this.share.setShareContent(this.content(), (step) => this.add(step))
    } finally {
      this.finish()
    }
  }

  private add(step: ShareStep): void {
    this.steps = [...this.steps, step]
  }

  private finish(): void {
    this.status = 'done'
  }
}
