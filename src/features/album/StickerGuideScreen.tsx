import { observer } from 'mobx-react-lite'
import { feedback } from '../../platform/feedback'
import { Button, Image, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { platformEnv } from '../../platform/env'
import { linkPlatform } from '../../platform/link'
import { imageAlt, pressable } from '../../ui/a11y'
import { StateView } from '../../ui/StateView'
import type { StickerStore } from './stores'
import './album.scss'
import '../../locales/packages/album'

/** The official account's QR code, served with the demo media. */
const OFFICIAL_QR_PATH = '/media/official-qrcode.png'

/**
 * /addFaceWM (spec 001 §2, §4): four steps. Step 1's button says 'authorize', or 'authorized' once
 * the Sticker info call answers isBind 1; authorizing goes to its wxUrl. Step 2 shows the official
 * account's QR. A failed call shows the network-exception text (spec 001 §8) with a retry.
 */
export const StickerGuideScreen = observer(function StickerGuideScreen({ store }: { store: StickerStore }) {
  const { state } = store
  if (state.kind === 'loading') return <StateView kind='loading' title={t('sticker.loading')} />
  if (state.kind === 'error') {
    return <StateView kind='error' title={t('sticker.networkError')} actionText={t('ui.retry')} onAction={() => void store.load()} />
  }
  const bound = state.auth.isBind === 1
  const authorize = async () => {
    if (bound) return
    const outcome = await linkPlatform.openWebPage(state.auth.wxUrl)
    if (outcome === 'copied') feedback.toast({ title: t('sticker.linkCopied'), icon: 'none' })
  }
  const steps = [
    { n: 1, text: t('sticker.step1') },
    { n: 2, text: t('sticker.step2') },
    { n: 3, text: t('sticker.step3') },
    { n: 4, text: t('sticker.step4') },
  ]
  return (
    <View className='sticker'>
      <View className='sticker__title' role='heading' aria-level={1}>
        {t('sticker.title')}
      </View>
      <Text className='sticker__intro'>{t('sticker.intro')}</Text>
      <View role='list'>
        {steps.map((step) => (
          <View className='sticker__step' role='listitem' key={step.n}>
            <Text className='sticker__step-no'>{t('sticker.step', { n: step.n })}</Text>
            <Text className='sticker__step-text'>{step.text}</Text>
            {step.n === 1 ? (
              <Button
                className={bound ? 'sticker__authorize sticker__authorize--done' : 'sticker__authorize'}
                disabled={bound}
                {...pressable(() => void authorize(), { disabled: bound })}
              >
                {bound ? t('sticker.authorized') : t('sticker.authorize')}
              </Button>
            ) : null}
            {step.n === 2 ? (
              <View className='sticker__qr-block'>
                <Image className='sticker__qr' src={platformEnv.apiBase() + OFFICIAL_QR_PATH} showMenuByLongpress {...imageAlt(t('sticker.qrAlt'))} />
                <Text className='sticker__qr-hint'>{t('sticker.qrHint')}</Text>
              </View>
            ) : null}
          </View>
        ))}
      </View>
    </View>
  )
})
