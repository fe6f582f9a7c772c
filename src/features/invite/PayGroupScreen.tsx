import { useEffect } from 'react'
import { observer } from 'mobx-react-lite'
import { Image, Text, View } from '../../platform/components/basic'
import { fenToYuan } from '../../domain/format'
import type { PayGroupQuery } from '../../domain/invite'
import { t } from '../../locales'
import { appLink } from '../../platform/appLink'
import { imageAlt } from '../../ui/a11y'
import { AlertDialog } from '../../ui/Dialog'
import { StateView } from '../../ui/StateView'
import { navigate } from '../../platform/navigation'
import { BadLink, InviteButton, MiniInstead } from './parts'
import type { PayGroupStore } from './stores'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * /pay4group (spec 001 §2, §4, §8): inviter, group head, name, introduction, condition and the fee
 * on a wallet-style pay button. Paying submits the provider's form; coming back with paySuccess
 * the server's order decides 'joined'. The mini-program cannot submit a provider's form: it
 * explains and offers the password.
 */
export const PayGroupScreen = observer(function PayGroupScreen({ query, store }: { query: PayGroupQuery | undefined; store: PayGroupStore }) {
  useEffect(() => {
    if (query) void store.open(query)
  }, [store, query])
  if (!query) return <BadLink />
  const { load, stage } = store
  const lost = stage === 'lostGroup' ? <AlertDialog body={t('invite.pay.notFound')} onClose={() => store.dismiss()} /> : null
  if (load.state === 'loading') return <StateView kind='loading' title={t('common.loading')} />
  if (load.state === 'notFound') {
    return (
      <>
        <StateView kind='empty' title={t('invite.pw.notFound')} detail={t('invite.pw.notFoundDetail')} />
        {lost}
      </>
    )
  }
  if (load.state === 'error') {
    return <StateView kind='error' title={t('invite.pw.loadFailed')} detail={load.message} actionText={t('common.retry')} onAction={() => void store.open(query)} />
  }
  const group = load.value
  const name = group.groupName ?? t('invite.defaultGroup')
  const password = store.password
  return (
    <View className='invite pay-group'>
      <Text className='pay-group__inviter'>{t('invite.pay.inviter', { name: group.nickname ?? t('invite.defaultInviter') })}</Text>
      {group.headImg ? <Image className='welcome__head' src={group.headImg} mode='aspectFill' {...imageAlt(t('invite.group.headAlt', { name }))} /> : null}
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{name}</Text>
      </View>
      {group.introduction ? (
        <View className='pay-group__section'>
          <Text className='pay-group__label'>{t('invite.pay.intro')}</Text>
          <Text className='pay-group__text'>{group.introduction}</Text>
        </View>
      ) : null}
      {group.condition ? (
        <View className='pay-group__section'>
          <Text className='pay-group__label'>{t('invite.pay.condition')}</Text>
          <Text className='pay-group__text'>{group.condition}</Text>
        </View>
      ) : null}
      {!group.isNeedPay ? (
        <Text className='invite__text'>{t('invite.pay.free')}</Text>
      ) : appLink.canLeave ? (
        <InviteButton
          className='pay-group__pay'
          text={stage === 'leaving' ? t('invite.pay.toProvider') : t('invite.pay.button', { price: fenToYuan(group.fee) })}
          loading={stage === 'ordering' || stage === 'leaving'}
          onPress={() => store.pay()}
        />
      ) : (
        <MiniInstead explain='invite.mini.pay' copyText={password ?? ''} copyLabel='invite.copyPassword' copied='common.copySucceeded' />
      )}
      {stage === 'joined' ? (
        <AlertDialog
          title={t('invite.pay.joinedTitle')}
          body={t('invite.pay.joinedText', { password: password ?? '' })}
          buttonText={t('invite.pay.enter')}
          buttonClassName='pay-group__enter'
          onClose={() => {
            store.dismiss()
            navigate('OpenWeimai')
          }}
        />
      ) : null}
      {lost}
    </View>
  )
})
