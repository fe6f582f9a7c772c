import { Button, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import './access.scss'

export interface OpenInBrowserProps {
  canApply: boolean
  applied: boolean
  applying: boolean
  onApply: () => void
}

/**
 * Inside WeChat's browser (spec 000 §2 "Open-in-other-browser screen"): open the page in a browser
 * from the top-right menu; with `canApply`, an apply button that becomes 'submitted, waiting for review'.
 */
export function OpenInBrowser({ canApply, applied, applying, onApply }: OpenInBrowserProps) {
  return (
    <View className='open-in-browser'>
      <View className='open-in-browser__arrow' />
      <Text className='open-in-browser__title'>{t('access.openInBrowser.title')}</Text>
      <Text className='open-in-browser__text'>{t('access.openInBrowser.text')}</Text>
      {canApply ? (
        <Button
          className={`open-in-browser__apply${applied ? ' open-in-browser__apply--submitted' : ''}`}
          disabled={applied || applying}
          loading={applying}
          {...pressable(onApply, { disabled: applied || applying })}
        >
          {applied ? t('access.openInBrowser.applied') : t('access.openInBrowser.apply')}
        </Button>
      ) : null}
    </View>
  )
}
