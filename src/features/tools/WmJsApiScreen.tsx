import { useEffect } from 'react'
import { Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { t } from '../../locales'
import type { ShareStep } from '../../platform/share/types'
import { cx } from '../../ui/classNames'
import { ToolButton } from './ToolButton'
import type { WmJsApiStore } from './WmJsApiStore'
import '../../locales/packages/tools'
import './tools.scss'

function outcomeText(step: ShareStep): string {
  if (step.name === 'browser' && step.outcome === 'skipped') return t('tools.wmJsApi.notWechat')
  if (step.name === 'config' && step.outcome === 'skipped') return t('tools.wmJsApi.skipped505')
  if (step.name === 'wxConfig') return step.outcome === 'ok' ? t('tools.wmJsApi.ready') : t('tools.wmJsApi.error', { detail: step.detail ?? '-' })
  const outcome = t(`tools.wmJsApi.outcome.${step.outcome}`)
  return step.detail ? `${outcome} (${step.detail})` : outcome
}

/**
 * /testWmJsApi (spec 001 §2): runs the JS-SDK share set-up every shared page uses (config call,
 * wx.config, share data; 505 skips) and lists each step's result.
 */
export const WmJsApiScreen = observer(function WmJsApiScreen({ store }: { store: WmJsApiStore }) {
  useEffect(() => {
    void store.run()
  }, [store])
  const running = store.status === 'running'
  return (
    <View className='tools'>
      <View className='tools__section'>
        <View className='tools__heading' role='heading' aria-level={2}>
          {t('tools.wmJsApi.title')}
        </View>
        {store.steps.length === 0 ? (
          <View className='tools__result' role='status'>
            {running ? t('tools.wmJsApi.running') : t('tools.wmJsApi.empty')}
          </View>
        ) : (
          <View className='tools__steps' role='list' aria-busy={running ? 'true' : 'false'}>
            {store.steps.map((step, index) => (
              <View key={index} className='tools__step' role='listitem'>
                <Text className='tools__stepName'>{t(`tools.wmJsApi.step.${step.name}`)}</Text>
                <Text className={cx('tools__stepOutcome', step.outcome === 'failed' && 'tools__stepOutcome--failed')}>{outcomeText(step)}</Text>
              </View>
            ))}
          </View>
        )}
        <ToolButton label={running ? t('tools.wmJsApi.running') : t('tools.wmJsApi.run')} disabled={running} onPress={() => void store.run()} />
      </View>
    </View>
  )
})
