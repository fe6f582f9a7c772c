import { useEffect, useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Image, Text, View } from '../../platform/components/basic'
import type { PasswordWelcomeQuery } from '../../domain/invite'
import { t } from '../../locales'
import { appLink } from '../../platform/appLink'
import { imageAlt } from '../../ui/a11y'
import { StateView } from '../../ui/StateView'
import { navigate } from '../../platform/navigation'
import { BadLink, BrowserCover, InviteButton, MiniInstead, toast } from './parts'
import { plainPassword } from './stores'
import type { PasswordWelcomeStore } from './stores'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * /wXpasswordWelcome (spec 001 §2): the group or friend invite and its password; the visitor's
 * button copies the password, then the browser goes to the store of its device (with
 * isOpenWeimai=1 it tries the app first, /openWeimai). WeChat's browser blocks stores: the cover
 * shows instead. The page also offers /downloadWm and /openWeimai; the mini-program offers the
 * password to copy.
 *
 * Issue 30 item 10: the page used to leave for the store as soon as the invite loaded, before the
 * password could be read or copied. The visitor now chooses when to go, with one button that
 * copies first: a WeChat user knows 口令 pages as "copy the password, then open the app", and
 * expects to copy it themselves; a countdown would still move the page away from someone who is
 * reading, typing the password down or has looked away, and inside WeChat it cannot leave at all.
 */
export const PasswordWelcomeScreen = observer(function PasswordWelcomeScreen(props: {
  query: PasswordWelcomeQuery | undefined
  store: PasswordWelcomeStore
}) {
  const { query, store } = props
  const inWechat = appLink.inWechatBrowser()
  const [cover, setCover] = useState(false)
  useEffect(() => {
    if (query) void store.open(query)
  }, [store, query])

  if (!query) return <BadLink />
  const { load } = store
  if (load.state === 'loading') return <StateView kind='loading' title={t('common.loading')} />
  if (load.state === 'notFound') return <StateView kind='empty' title={t('invite.pw.notFound')} detail={t('invite.pw.notFoundDetail')} />
  if (load.state === 'error') {
    return <StateView kind='error' title={t('invite.pw.loadFailed')} detail={load.message} actionText={t('common.retry')} onAction={() => void store.open(query)} />
  }
  const { value } = load
  const inviter = value.invite.nickname ?? t('invite.defaultInviter')
  const face = value.kind === 'group' ? value.invite.headImg : value.invite.faceIcon
  const password = plainPassword(value.invite.password)
  const lead =
    value.kind === 'group'
      ? t('invite.pw.group', { name: inviter, group: value.invite.groupName ?? t('invite.defaultGroup') })
      : t('invite.pw.friend', { name: inviter })
  const copyAndGo = async () => {
    // the clipboard says 复制成功 itself (platform/clipboard)
    if (password && !(await store.copyPassword(password))) toast(t('invite.copyFailed'))
    if (inWechat) setCover(true)
    else if (query.openApp) navigate('OpenWeimai')
    else store.goToStore()
  }
  return (
    <View className='invite password-welcome'>
      {face ? <Image className='welcome__head' src={face} mode='aspectFill' {...imageAlt(inviter)} /> : null}
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{lead}</Text>
      </View>
      {password ? <Text className='password-welcome__password'>{t('invite.pw.password', { password })}</Text> : null}
      {appLink.canLeave ? (
        <>
          <View className='invite__text'>
            <Text>{password ? t('invite.pw.copyFirst') : t('invite.pw.noPassword')}</Text>
          </View>
          <InviteButton
            className='password-welcome__go'
            text={query.openApp ? t(password ? 'invite.pw.copyAndOpen' : 'invite.openApp') : t(password ? 'invite.pw.copyAndDownload' : 'invite.download')}
            onPress={() => void copyAndGo()}
          />
          <InviteButton className='password-welcome__download' text={t('invite.download')} onPress={() => navigate('DownloadWm')} secondary />
          <InviteButton className='password-welcome__open' text={t('invite.openApp')} onPress={() => navigate('OpenWeimai')} secondary />
        </>
      ) : (
        <MiniInstead explain='invite.mini.openApp' copyText={password ?? ''} copyLabel='invite.copyPassword' copied='common.copySucceeded' />
      )}
      {cover ? <BrowserCover onClose={() => setCover(false)} /> : null}
    </View>
  )
})
