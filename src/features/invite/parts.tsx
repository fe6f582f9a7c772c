import { Button, Text, View } from '../../platform/components/basic'
import { TOAST_DURATION_MS } from '../../api/client'
import { t } from '../../locales'
import type { MessageKey } from '../../locales'
import { appLink } from '../../platform/appLink'
import { pressable, scriptFocusable, useModalFocus, useUiId } from '../../ui/a11y'
import { Overlay } from '../../ui/Overlay'
import { StateView } from '../../ui/StateView'
import '../../locales/packages/invite'
import { feedback } from '../../platform/feedback'

export function toast(title: string): void {
  feedback.toast({ title, icon: 'none', duration: TOAST_DURATION_MS })
}

/** A broken link: the error state, never a blank page. */
export function BadLink({ title = 'invite.badLink', detail = 'invite.badLinkDetail' }: { title?: MessageKey; detail?: MessageKey }) {
  return <StateView kind='error' title={t(title)} detail={t(detail)} />
}

/** A full-width button of the invite pages. */
export function InviteButton(props: { text: string; onPress: () => void; secondary?: boolean; className?: string; loading?: boolean }) {
  const { text, onPress, secondary = false, className = '', loading } = props
  return (
    <Button
      className={`invite__button ${secondary ? 'invite__button--secondary' : ''} ${className}`}
      loading={loading}
      {...pressable(onPress)}
    >
      {text}
    </Button>
  )
}

/**
 * WeChat's in-app browser blocks app stores and custom schemes (spec 001 §2 open-app cover): the
 * cover asks to tap the top-right menu and open the page in a browser.
 */
export function BrowserCover({ onClose }: { onClose: () => void }) {
  const id = useUiId()
  const titleId = useUiId()
  useModalFocus(id, onClose)
  return (
    <Overlay className='invite-cover' onMaskPress={onClose}>
      <View id={id} className='invite-cover__panel' role='dialog' aria-modal='true' aria-labelledby={titleId} {...scriptFocusable}>
        <View className='invite-cover__arrow' aria-hidden='true' />
        <Text id={titleId} className='invite-cover__title'>
          {t('invite.cover.title')}
        </Text>
        <Text className='invite-cover__text'>{t('invite.cover.text')}</Text>
        <InviteButton text={t('invite.close')} onPress={onClose} secondary />
      </View>
    </Overlay>
  )
}

/** What a mini-program user can do instead of leaving: the explanation and one copy button. */
export function MiniInstead({ explain, copyText, copyLabel, copied }: { explain: MessageKey; copyText: string; copyLabel: MessageKey; copied: MessageKey }) {
  const copy = async () => {
    try {
      await appLink.copy(copyText)
      toast(t(copied))
    } catch {
      toast(t('invite.copyFailed'))
    }
  }
  return (
    <View className='invite__mini'>
      <Text className='invite__mini-text'>{t(explain)}</Text>
      <InviteButton text={t(copyLabel)} onPress={() => void copy()} />
    </View>
  )
}
