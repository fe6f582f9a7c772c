import { useState } from 'react'
import { Text, View } from '../../platform/components/basic'
import type { WmShareQuery } from '../../domain/invite'
import { sharePasswordText } from '../../domain/invite'
import { t } from '../../locales'
import { appLink } from '../../platform/appLink'
import { Dialog } from '../../ui/Dialog'
import { navigate } from '../../platform/navigation'
import { BadLink, InviteButton, toast } from './parts'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * /wmShare (spec 001 §2): the invitation from the inviter, the product's bullets, the password
 * wrapped in dollar signs and 'copy password'; after copying, 'already installed' (a toast) or
 * 'go install' (/downloadWm). Copying works in both builds.
 */
export function WmShareScreen({ query }: { query: WmShareQuery | undefined }) {
  const [copied, setCopied] = useState(false)
  if (!query) return <BadLink title='invite.share.missing' />
  const text = sharePasswordText(query.password)
  const copy = async () => {
    try {
      await appLink.copy(text)
      toast(t('common.copySucceeded'))
      setCopied(true)
    } catch {
      toast(t('invite.copyFailed'))
    }
  }
  return (
    <View className='invite share'>
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{t('invite.share.from', { name: query.name ?? t('invite.defaultInviter') })}</Text>
      </View>
      <View className='share__bullets' role='list'>
        <View className='share__bullet' role='listitem'>
          <Text>{t('invite.share.bulletGroups')}</Text>
        </View>
        <View className='share__bullet' role='listitem'>
          <Text>{t('invite.share.bulletFriends')}</Text>
        </View>
      </View>
      <Text className='share__label'>{t('invite.share.passwordLabel')}</Text>
      <Text className='share__password' userSelect>
        {text}
      </Text>
      <InviteButton className='share__copy' text={t('invite.copyPassword')} onPress={() => void copy()} />
      {copied ? (
        <Dialog
          body={t('invite.share.copiedTitle')}
          onEscape={() => setCopied(false)}
          actions={[
            {
              text: t('invite.installed'),
              onPress: () => {
                setCopied(false)
                toast(t('invite.share.installedToast'))
              },
            },
            {
              text: t('invite.goInstall'),
              primary: true,
              onPress: () => {
                setCopied(false)
                navigate('DownloadWm')
              },
            },
          ]}
        />
      ) : null}
    </View>
  )
}
