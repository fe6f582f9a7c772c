import { useMemo } from 'react'
import { createReviewApi, type ReviewKind } from '../../api/review'
import { defineAppStore, useAppStores } from '../../app/stores'
import { parseReviewLink, type ReviewLink } from '../../domain/reviewLink'
import { ReviewScreen } from './ReviewScreen'
import { ReviewStore } from './ReviewStore'

/** How many admin or complaint viewers stay alive at once; the least recently shown goes first. */
const KEPT_REVIEW_STORES = 5

/**
 * The admin and complaint viewers are kept alive (spec 001 §2): one store per link, the latest few,
 * for the app's life. Built when a viewer first opens, so their code loads with the viewer pages
 * (the misc package), not before a lesson's first row (issue 36).
 */
export const reviewStoresOf = defineAppStore((app) => {
  const api = createReviewApi(app.post)
  const kept = new Map<string, ReviewStore>()
  /** The viewer's store of `link`: the same one each time the link is shown again. */
  return (kind: ReviewKind, link: ReviewLink): ReviewStore => {
    const key = JSON.stringify([kind, link.userid, link.token, link.data])
    const store = kept.get(key) ?? new ReviewStore(api, kind, link)
    kept.delete(key)
    kept.set(key, store)
    if (kept.size > KEPT_REVIEW_STORES) kept.delete(kept.keys().next().value as string)
    return store
  }
})

/** What the three viewer pages share: read the `data` parameter, take the link's kept-alive store. */
export function ReviewPage({ kind, data }: { kind: ReviewKind; data: string | undefined }) {
  const reviewStore = reviewStoresOf(useAppStores())
  const parsed = useMemo(() => parseReviewLink(data), [data])
  const store = useMemo(() => (parsed.ok ? reviewStore(kind, parsed.link) : undefined), [parsed, kind, reviewStore])
  return store ? <ReviewScreen store={store} /> : <ReviewScreen problem={parsed.ok ? 'routeParam.invalid' : parsed.problem} />
}
