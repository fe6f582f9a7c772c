import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Button, Image, Text, View } from '../../platform/components/basic'
import { ScrollView } from '../../platform/components/scrollView'
import { Video } from '../../platform/components/video'
import { fenToYuan, formatCreationDate, formatDuration } from '../../domain/format'
import { navigate, relaunch } from '../../platform/navigation'
import { t } from '../../locales'
import { platformVideo } from '../../platform/video'
import { imageAlt, pressable } from '../../ui/a11y'
import { cx } from '../../ui/classNames'
import { AlertDialog, ConfirmDialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { StateView } from '../../ui/StateView'
import type { ChatItem, LiveChatStore } from './LiveChatStore'
import { LIVE_RATES, type LiveHomeStore } from './LiveHomeStore'
import { ChatExit, moderatedOut } from './ChatExit'
import { ChatAttach, ChatFileBody } from './ChatFileMessage'
import { ModerationPanel } from './ModerationPanel'
import { RoleBadge } from './RoleBadge'
import { RoomNews } from './RoomNews'
import './live.scss'
import '../../locales/packages/live'

const VIDEO_ID = 'live-video'
/** a scroll top past any list's end: the ScrollView stops at its bottom */
const BOTTOM = 1_000_000
/** spec 001 §9: a touch holds the chat list where the reader left it for 1 s after the finger lifts */
const TOUCH_HOLD_MS = 1000
/** Inline play on phones: WeChat's and QQ's X5 browsers take these, others `playsinline` (Taro sets it). */
const INLINE_PLAY = { 'x5-playsinline': 'true', 'x5-video-player-type': 'h5-page', 't7-video-player-type': 'inline' }

const goDownload = () => navigate('DownloadWm')

const Header = observer(function Header({ store }: { store: LiveHomeStore }) {
  const info = store.info
  if (!info) return null
  const subscribed = info.isSubscribe === 1
  const toggle = () => void store.toggleSubscribe()
  return (
    <View className='live-head'>
      <Image className='live-head__avatar' src={info.hostFaceIcon} mode='aspectFill' {...imageAlt(info.nickname)} />
      <View className='live-head__main'>
        <View className='live-head__title' role='heading' aria-level={1}>
          {info.title}
        </View>
        <Text className='live-head__meta'>
          {info.nickname} · {t('live.watchCount', { n: store.watchCount })} · {t('live.beginTime', { time: formatCreationDate(info.beginTime) })}
        </Text>
      </View>
      {store.isReplay || store.isOwnLive ? null : (
        <Button
          className={cx('live-head__subscribe', subscribed && 'live-head__subscribe--on')}
          {...pressable(toggle, { disabled: store.subscribing })}
          aria-pressed={subscribed ? 'true' : 'false'}
        >
          {subscribed ? t('live.subscribed') : t('live.subscribe')}
        </Button>
      )}
    </View>
  )
})

/** Starts the player; a refusal (autoplay without a tap) shows the play button, never a rejection. */
const play = (store: LiveHomeStore) =>
  void platformVideo.play(VIDEO_ID).then((outcome) => {
    if (outcome === 'refused') store.playbackRefused()
  })

/**
 * The stream. A live has no seek bar, times or duration (it has no end to seek to); a replay has
 * them. An audio live shows its cover and no picture (its sound plays). Where the platform may
 * refuse to start playback without a tap, the player is started here and a refusal shows a play
 * button. When the player leaves (the page hides or goes), it is stopped before it leaves the tree.
 */
const Player = observer(function Player({ store }: { store: LiveHomeStore }) {
  const info = store.info
  useEffect(() => {
    if (store.isReplay) platformVideo.setPlaybackRate(VIDEO_ID, store.rate)
  }, [store, store.rate])
  useLayoutEffect(() => () => platformVideo.release(VIDEO_ID), [])
  if (!info) return null
  const audioOnly = info.mediaType === 1
  const seekable = store.isReplay
  return (
    <View className={cx('live-player', audioOnly && 'live-player--audio')}>
      <Video
        id={VIDEO_ID}
        className='live-player__video'
        src={info.playUrl}
        autoplay={platformVideo.autoplays}
        controls
        isLive={!store.isReplay}
        showProgress={seekable}
        enableProgressGesture={seekable}
        showCenterPlayBtn={false}
        poster={info.faceIcon}
        objectFit='contain'
        nativeProps={INLINE_PLAY}
        onError={() => store.streamFailed()}
        onTimeUpdate={() => store.streamPlaying()}
        onLoadedMetaData={() => {
          if (!platformVideo.autoplays) play(store)
        }}
        onPlay={() => {
          store.playbackStarted()
          if (store.isReplay) platformVideo.setPlaybackRate(VIDEO_ID, store.rate)
        }}
      />
      {audioOnly ? <Image className='live-player__cover' src={info.faceIcon} mode='aspectFill' {...imageAlt(t('live.audioCover', { title: info.title }))} /> : null}
      {store.playRefused ? (
        <Button className='live-player__play' {...pressable(() => play(store))}>
          {t('live.play')}
        </Button>
      ) : null}
    </View>
  )
})

const Rates = observer(function Rates({ store }: { store: LiveHomeStore }) {
  return (
    <View className='live-rates' role='radiogroup' aria-label={t('live.rate')}>
      {LIVE_RATES.map((rate) => {
        const choose = () => store.setRate(rate)
        const on = store.rate === rate
        return (
          <View
            key={rate}
            className={cx('live-rates__rate', on && 'live-rates__rate--on')}
            {...pressable(choose, { role: 'radio' })}
            aria-checked={on ? 'true' : 'false'}
          >
            {`${rate}x`}
          </View>
        )
      })}
    </View>
  )
})

/** A comment; one that failed keeps its text and offers 重发 (it also goes out by itself when the room is back). */
const ChatRow = ({ item, chat }: { item: ChatItem; chat: LiveChatStore }) => (
  <View className={cx('live-chat__row', item.state === 'failed' && 'live-chat__row--failed')}>
    <RoleBadge type={item.role} />
    <Text className='live-chat__name'>{item.displayName}</Text>
    {item.file ? <ChatFileBody item={item} /> : <Text className='live-chat__text'>{item.text}</Text>}
    {item.state === 'pending' ? <Text className='live-chat__state'>{t('live.sending')}</Text> : null}
    {item.state === 'failed' ? <Text className='live-chat__state'>{t('live.sendFailed')}</Text> : null}
    {item.state === 'failed' ? (
      <Button className='live-chat__resend' {...pressable(() => void chat.retry(item.key))} aria-label={t('live.resendComment', { text: item.text })}>
        {t('live.resend')}
      </Button>
    ) : null}
  </View>
)

/** The comment row; in a replay it only says that replays cannot be commented (spec 001 §5). */
function SendBar({ store }: { store: LiveHomeStore }) {
  const [text, setText] = useState('')
  const send = () => {
    void store.send(text).then((sent) => {
      if (sent) setText('')
    })
  }
  return (
    <View className='live-chat__send'>
      <ChatAttach store={store} />
      <FormField
        className='live-chat__field'
        label={t('live.comment')}
        hideLabel
        placeholder={store.isReplay ? t('live.replayNoComment') : t('live.commentPlaceholder')}
        value={text}
        maxlength={200}
        confirmType='send'
        onInput={(e) => setText(e.detail.value)}
        onConfirm={send}
      />
      <Button className='live-chat__button' {...pressable(send)}>
        {t('live.send')}
      </Button>
    </View>
  )
}

const Chat = observer(function Chat({ store, chat }: { store: LiveHomeStore; chat: LiveChatStore }) {
  const [holding, setHolding] = useState(false)
  const release = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(release.current), [])
  const earlier = () => void chat.loadEarlier()
  const status = chat.status.state
  return (
    <View className='live-chat'>
      <RoomNews room={store.room} />
      <ScrollView
        className='live-chat__list'
        scrollY
        // to the newest comment (a top past the end stops at the bottom) unless the reader holds the
        // list; scrollIntoView would scroll the whole H5 page as well
        scrollTop={holding ? undefined : BOTTOM + chat.items.length}
        onTouchStart={() => {
          clearTimeout(release.current)
          setHolding(true)
        }}
        onTouchEnd={() => {
          release.current = setTimeout(() => setHolding(false), TOUCH_HOLD_MS)
        }}
        aria-label={t('live.chat')}
      >
        {chat.noMoreEarlier ? null : (
          <Button className='live-chat__earlier' {...pressable(earlier, { disabled: chat.loadingEarlier })}>
            {chat.loadingEarlier ? t('live.loadingEarlier') : t('live.loadEarlier')}
          </Button>
        )}
        {chat.items.length === 0 && chat.noMoreEarlier ? <Text className='live-chat__empty'>{t('live.noComments')}</Text> : null}
        {chat.items.map((item) => (
          <ChatRow key={item.key} item={item} chat={chat} />
        ))}
      </ScrollView>
      {(status === 'failed' && !moderatedOut(chat.status)) || status === 'reconnecting' ? (
        <View className='live-chat__status' role='status'>
          {status === 'failed' ? t('live.chatFailed') : t('live.chatReconnecting')}
        </View>
      ) : null}
      <ChatExit status={chat.status} />
      <SendBar store={store} />
    </View>
  )
})

/** A paid live the viewer may not watch (spec 001 §6): the pay flow's ways on (spec 001 §4, 000 §4). */
const PaidLive = observer(function PaidLive({ store, onLogin }: { store: LiveHomeStore; onLogin: () => void }) {
  const info = store.info
  if (!info) return null
  // /lessonPay of a live always shows that a live is bought and watched in the app (spec 001 §4)
  const buy = () => navigate('LessonPay', { type: 'share', courseData: info.courseData, payType: 2 })
  const guest = !store.loggedIn
  return (
    <View className='live-paid'>
      <View className='live-paid__title' role='heading' aria-level={2}>
        {t('live.paid.title')}
      </View>
      {info.liveF > 0 ? <Text className='live-paid__price'>{t('live.paid.price', { price: fenToYuan(info.liveF) })}</Text> : null}
      <Text className='live-paid__hint'>{guest ? t('live.paid.guest') : t('live.paid.notBought')}</Text>
      {guest ? (
        <Button className='live-primary' {...pressable(onLogin)}>
          {t('live.paid.login')}
        </Button>
      ) : null}
      <Button className={guest ? 'live-secondary' : 'live-primary'} {...pressable(buy)}>
        {t('live.paid.buy')}
      </Button>
      <Button className='live-secondary' {...pressable(goDownload)}>
        {t('live.paid.download')}
      </Button>
    </View>
  )
})

function PasswordForm({ store }: { store: LiveHomeStore }) {
  const [password, setPassword] = useState('')
  const submit = () => void store.openReplay(password)
  return (
    <View className='live-password'>
      <FormField label={t('live.password')} placeholder={t('live.passwordHint')} password value={password} maxlength={32} onInput={(e) => setPassword(e.detail.value)} onConfirm={submit} />
      <Button className='live-primary' {...pressable(submit)}>
        {t('live.watchReplay')}
      </Button>
    </View>
  )
}

/**
 * /liveHome and /liveHomeAdmin (spec 001 §2, §4 older live viewer): the app-only notice alone (the
 * current /liveHome, unless the deployment keeps the older viewer), the choice
 * of chat-app login or guest, the stream with its host, watch count and begin time, the chat room,
 * subscribing, the replay's password and speeds, the ended figures, the live rules notice (24-hour
 * monitoring, spec 001 §1) and the broken-stream dialog that goes to /refresh.
 */
export const LiveHomeScreen = observer(function LiveHomeScreen({ store, onLogin }: { store: LiveHomeStore; onLogin: () => void }) {
  const { view, info } = store
  const [noticeOpen, setNoticeOpen] = useState(true)
  if (view.kind === 'loading') return <StateView kind='loading' title={t('live.loading')} />
  if (view.kind === 'failed') return <StateView kind='error' title={t('live.failed')} detail={view.message} />
  if (view.kind === 'adminLogin') {
    return <StateView kind='empty' title={t('live.adminLogin.title')} detail={t('live.adminLogin.detail')} actionText={t('live.adminLogin.go')} onAction={() => relaunch('Profile')} />
  }
  // spec 001 §2: the current /liveHome shows only the notice that live outside the app is unsupported
  if (view.kind === 'appOnly') {
    return (
      <View className='live-home'>
        <StateView kind='empty' title={t('live.appOnlyTitle')} detail={t('live.appOnly')} actionText={t('live.goDownload')} onAction={goDownload} />
        {noticeOpen ? (
          <ConfirmDialog
            title={t('live.appOnlyTitle')}
            body={t('live.appOnly')}
            confirmText={t('live.goDownload')}
            cancelText={t('live.gotIt')}
            onConfirm={goDownload}
            onCancel={() => setNoticeOpen(false)}
          />
        ) : null}
      </View>
    )
  }
  const guest = () => void store.watch()
  return (
    <View className='live-home'>
      {view.kind === 'watching' && store.active ? <Player store={store} /> : null}
      <Header store={store} />
      {view.kind === 'identity' ? (
        <View className='live-identity'>
          <Text className='live-identity__hint'>{t('live.identityHint')}</Text>
          <Button className='live-primary' {...pressable(onLogin)}>
            {t('live.loginWatch')}
          </Button>
          <Button className='live-secondary' {...pressable(guest)}>
            {t('live.guestWatch')}
          </Button>
        </View>
      ) : null}
      {view.kind === 'password' ? <PasswordForm store={store} /> : null}
      {view.kind === 'paid' ? <PaidLive store={store} onLogin={onLogin} /> : null}
      {view.kind === 'ended' && info ? (
        <View className='live-ended' role='status'>
          <View className='live-ended__title' role='heading' aria-level={2}>
            {t('live.end.title')}
          </View>
          <Text className='live-ended__figures'>
            {t('live.duration', { time: formatDuration(info.duration) })} · {t('live.watchCount', { n: store.watchCount })}
          </Text>
        </View>
      ) : null}
      {view.kind === 'watching' ? (
        <View className='live-rules' role='note'>
          {t('live.rules')}
        </View>
      ) : null}
      {view.kind === 'watching' && store.isReplay ? <Rates store={store} /> : null}
      {view.kind === 'watching' && store.moderation ? <ModerationPanel store={store.moderation} /> : null}
      {view.kind === 'watching' && store.chat ? <Chat store={store} chat={store.chat} /> : null}
      {view.kind === 'watching' && store.isReplay ? <SendBar store={store} /> : null}
      {store.streamBroken ? (
        <AlertDialog
          title={t('live.streamBrokenTitle')}
          body={t('live.streamBroken')}
          onClose={() => navigate('Refresh')}
        />
      ) : null}
    </View>
  )
})
