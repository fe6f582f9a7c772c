import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { previousPageUrl } from '../../../../domain/pageStack'
import { toPageUrl } from '../../../../domain/routes'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'

/** /refresh replaces itself with the previous page, mounted afresh (used after a live stream error). */
export default function RefreshPage() {
  useRouteTitle('Refresh')
  useEffect(() => {
    const pages = Taro.getCurrentPages()
    const url = previousPageUrl(pages.slice(0, -1)) ?? toPageUrl('Launcher')
    void Taro.redirectTo({ url })
  }, [])
  return <StateView kind='loading' title={t('common.loading')} />
}
