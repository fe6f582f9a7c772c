import Taro, { useRouter } from '@tarojs/taro'
import { toPageUrl } from '../../domain/routes'
import { useRouteTitle } from '../../features/routing/pageTitle'
import { t } from '../../locales'
import { StateView } from '../../ui/StateView'

/** Taro H5 hands query values over still percent-encoded. */
function readablePath(raw: string | undefined): string {
  if (!raw) return ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Unknown addresses land here with a way home. */
export default function NotFoundPage() {
  const { params } = useRouter()
  const path = readablePath(params.path)
  useRouteTitle('NotFound')
  return (
    <StateView
      kind='empty'
      title={t('notFound.title')}
      detail={[t('notFound.text'), path ? t('notFound.path', { path }) : ''].filter(Boolean).join('\n')}
      actionText={t('common.backHome')}
      onAction={() => void Taro.reLaunch({ url: toPageUrl('Launcher') })}
    />
  )
}
