import { useMemo } from 'react'
import type { ReviewKind } from '../../api/review'
import { useAppStores } from '../../app/stores'
import { parseReviewLink } from '../../domain/reviewLink'
import { ReviewScreen } from './ReviewScreen'

/** What the three viewer pages share: read the `data` parameter, take the link's kept-alive store. */
export function ReviewPage({ kind, data }: { kind: ReviewKind; data: string | undefined }) {
  const { reviewStore } = useAppStores()
  const parsed = useMemo(() => parseReviewLink(data), [data])
  const store = useMemo(() => (parsed.ok ? reviewStore(kind, parsed.link) : undefined), [parsed, kind, reviewStore])
  return store ? <ReviewScreen store={store} /> : <ReviewScreen problem={parsed.ok ? 'routeParam.invalid' : parsed.problem} />
}
