import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { redirect } from '../../../../platform/navigation'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import '../../../../locales/packages/album'
import { StateView } from '../../../../ui/StateView'

/** spec 001 §9: 500 ms before the /lessonPay redirect. */
const LESSON_PAY_REDIRECT_MS = 500

/**
 * /tmp, the spec's redirect page (spec 001 §2): 'redirecting', then after 0.5 s the page is replaced
 * by /lessonPay with the same query, so the purchase page reads what the link carried.
 */
export default function TmpPage() {
  useRouteTitle('Tmp')
  const { params } = useRouter()
  useEffect(() => {
    const query: Record<string, string> = {}
    for (const [key, value] of Object.entries(params)) if (typeof value === 'string' && key !== '$taroTimestamp') query[key] = value
    const timer = setTimeout(() => redirect('LessonPay', query), LESSON_PAY_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [params])
  return <StateView kind='loading' title={t('redirect.going')} />
}
