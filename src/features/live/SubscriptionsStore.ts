import { makeAutoObservable, runInAction } from 'mobx'
import type { LiveApi, LiveSubscription } from '../../api/live'
import { Pager } from '../../ui/pager'

/** A subscribed host with the row's client-side flags (spec 001 §3 live subscription item). */
export interface SubscriptionRow extends LiveSubscription {
  isSubscribe: boolean
  isLoading: boolean
}

/**
 * /liveSubscribeNoti (spec 001 §2, §4 subscription switch): the hosts the openid's user subscribes
 * (`openid`: the page's signed value, which only the server reads),
 * 10 a page from page 1 (404 ends the list), every row loaded as subscribed. A switch shows loading
 * while its call runs and clears it on code 200. On a failure (the spec does not say) the transport
 * toasts the server's message and the switch goes back to what the server still has, so the page
 * never shows a state that was not saved.
 */
export class SubscriptionsStore {
  readonly list: Pager<SubscriptionRow>

  constructor(
    private readonly api: LiveApi,
    readonly openid: string,
    messageOf: (err: unknown) => string,
  ) {
    this.list = new Pager(
      async (page) => {
        const { items, end } = await api.subscriptions(openid, page)
        return { items: items.map((row): SubscriptionRow => ({ ...row, isSubscribe: true, isLoading: false })), end }
      },
      { messageOf },
    )
    makeAutoObservable<SubscriptionsStore, 'api'>(this, { list: false, api: false })
  }

  load(): Promise<void> {
    return this.list.loadMore()
  }

  /** Pull-down: back to page 1 with a fresh list. */
  refresh(): Promise<void> {
    return this.list.refresh()
  }

  async toggle(row: SubscriptionRow): Promise<void> {
    if (row.isLoading) return
    const wanted = !row.isSubscribe
    const replace = (next: SubscriptionRow): void => {
      const at = this.list.items.findIndex((r) => r.wmid === row.wmid)
      if (at >= 0) this.list.items[at] = next
    }
    replace({ ...row, isSubscribe: wanted, isLoading: true })
    try {
      await this.api.setSubscription(this.openid, row.wmid, wanted)
      runInAction(() => replace({ ...row, isSubscribe: wanted, isLoading: false }))
    } catch {
      runInAction(() => replace({ ...row, isSubscribe: !wanted, isLoading: false }))
    }
  }
}
