import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Image, Text, View } from '../../platform/components/basic'
import type { InviteInfo } from '../../domain/inviteInfo'
import { t } from '../../locales'
import { imageAlt } from '../../ui/a11y'
import { AlertDialog, Dialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { PhoneDialog } from '../login'
import { navigate } from '../../platform/navigation'
import { BadLink, InviteButton } from './parts'
import type { WelcomeStore } from './stores'
import './invite.scss'
import '../../locales/packages/invite'

export interface WelcomeScreenProps {
  /** undefined: the link's info could not be read */
  info: InviteInfo | undefined
  store: WelcomeStore | undefined
}

/** The friend-request message dialog: 'I am' by default (spec 000 §2, §5). */
function AskDialog({ store }: { store: WelcomeStore }) {
  const [message, setMessage] = useState(t('invite.ask.default'))
  return (
    <Dialog
      title={t('invite.ask.title')}
      onEscape={() => store.cancel()}
      actions={[
        { text: t('common.cancel'), onPress: () => store.cancel() },
        { text: t('common.confirm'), onPress: () => store.confirmMessage(message), primary: true },
      ]}
    >
      <FormField label={t('invite.ask.label')} value={message} onInput={(e) => setMessage(e.detail.value)} inputClassName='invite__message' />
    </Dialog>
  )
}

/** 'added' / 'request confirmed' with 'already installed' and 'go install'. */
function SentDialog({ store }: { store: WelcomeStore }) {
  return (
    <Dialog
      body={t(store.kind === 'friend' ? 'invite.added.friend' : 'invite.added.group')}
      onEscape={() => store.cancel()}
      actions={[
        { text: t('invite.installed'), onPress: () => store.showInstalled() },
        { text: t('invite.goInstall'), onPress: () => navigate('DownloadWm'), primary: true },
      ]}
    />
  )
}

/**
 * /welcome, /groupWelcome and their watermark-camera variants (spec 000 §2, §4): who invites, to
 * which group, and the one button; its dialogs follow the store's stage. A watermark-camera bind
 * goes on from its success screen to the validation page, /wmValidate, with the account it bound.
 */
export const WelcomeScreen = observer(function WelcomeScreen({ info, store }: WelcomeScreenProps) {
  if (!info || !store) return <BadLink />
  const inviter = info.usrname ?? t('invite.defaultInviter')
  const group = info.groupname ?? t('invite.defaultGroup')
  const isGroup = store.kind === 'group'
  return (
    <View className='invite welcome'>
      {isGroup ? (
        <>
          {info.headurl ? (
            <Image className='welcome__head' src={info.headurl} mode='aspectFill' {...imageAlt(t('invite.group.headAlt', { name: group }))} />
          ) : null}
          <Text className='welcome__lead'>{t('invite.group.invites', { name: inviter })}</Text>
          <Text className='welcome__group'>{t('invite.group.name', { name: group })}</Text>
        </>
      ) : (
        <Text className='welcome__lead'>{t('invite.friend.wants', { name: inviter })}</Text>
      )}
      <InviteButton
        className='welcome__add'
        text={t(isGroup ? 'invite.group.join' : 'invite.friend.add')}
        loading={store.sending}
        onPress={() => store.start()}
      />
      {store.stage === 'asking' ? <AskDialog store={store} /> : null}
      {store.stage === 'binding' ? (
        <PhoneDialog
          title={t('invite.bind.title')}
          accountField={{ placeholder: t('invite.bind.account') }}
          sendCode={(phone, interCode) => store.sendCode(phone, interCode)}
          submit={(form) => store.bind(form)}
          success={{ text: t('login.success'), buttonText: t('login.gotIt') }}
          onCancel={() => store.cancel()}
          onDone={() => {
            // spec 000 §2: the bind dialog, then the validation screen
            store.cancel()
            navigate('WmValidate', store.boundAccount ? { wsid: store.boundAccount } : {})
          }}
          callerReportsErrors
        />
      ) : null}
      {store.stage === 'sent' ? <SentDialog store={store} /> : null}
      {store.stage === 'installed' ? <AlertDialog body={t('invite.installedHint')} onClose={() => store.cancel()} /> : null}
    </View>
  )
})
