import { useEffect } from 'react'
import { Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { cx } from '../../ui/classNames'
import { AlertDialog } from '../../ui/Dialog'
import type { SpeechStore } from './SpeechStore'
import './speech.scss'
import '../../locales/packages/tools'

function statusText(store: SpeechStore): string {
  switch (store.status) {
    case 'connecting':
      return t('speech.connecting')
    case 'listening':
      return t('speech.listening')
    case 'finishing':
      return t('speech.finishing')
    default:
      return t('speech.hint')
  }
}

/**
 * /iatTest (spec 000 §7, §9): a tap starts speech recognition, another tap (or 5 s of silence)
 * ends it; the transcript shows as it is recognised, corrected on the way. A browser without
 * WebSocket or an audio API gets the spec's alert (§8).
 */
export const SpeechScreen = observer(function SpeechScreen({ store }: { store: SpeechStore }) {
  useEffect(() => () => store.dispose(), [store])
  const toggle = (): void => (store.active ? store.stop() : void store.start())
  const label = store.active ? t('speech.stop') : t('speech.start')
  return (
    <View className='speech'>
      <View className='speech__result' aria-live='polite'>
        <Text className='speech__label'>{t('speech.result')}</Text>
        <Text className={cx('speech__text', !store.text && 'speech__text--empty')}>{store.text || t('speech.empty')}</Text>
      </View>
      <View className='speech__status' role='status'>
        {statusText(store)}
      </View>
      {store.status === 'error' ? (
        <View className='speech__error' role='alert'>
          {t('speech.failed')}: {store.error}
        </View>
      ) : null}
      <View
        className={cx('speech__button', store.active && 'speech__button--active')}
        {...pressable(toggle)}
        aria-pressed={store.active ? 'true' : 'false'}
        aria-label={label}
      >
        {label}
      </View>
      {store.status === 'unsupported' ? (
        <AlertDialog title={t('speech.failed')} body={t('speech.unsupported')} onClose={() => store.dismissAlert()} />
      ) : null}
    </View>
  )
})
