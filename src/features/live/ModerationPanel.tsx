import { useEffect, useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Button, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { cx } from '../../ui/classNames'
import { AlertDialog, ConfirmDialog, Dialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { StateView } from '../../ui/StateView'
import type { ChatroomErrorKind, ChatroomMemberInfo } from '../../im'
import type { MessageKey } from '../../locales'
import { ANNOUNCEMENT_MAX_LENGTH, MUTE_DURATIONS_S, type ModerationAction, type ModerationStore } from './ModerationStore'
import { RoleBadge } from './RoleBadge'
import './moderation.scss'
import '../../locales/packages/moderation'

/** What the host is asked to confirm before it is done. */
type Confirming =
  | { kind: 'kick' | 'blacklist' | 'mute'; member: ChatroomMemberInfo }
  | { kind: 'roomMute' }
  | { kind: 'close' }

const ERROR_TEXT: Readonly<Partial<Record<ChatroomErrorKind, MessageKey>>> = {
  forbidden: 'moderation.error.forbidden',
  unauthorized: 'moderation.error.unauthorized',
  noRoom: 'moderation.error.noRoom',
  closed: 'moderation.error.closed',
  badRequest: 'moderation.error.badRequest',
  timeout: 'moderation.error.timeout',
  offline: 'moderation.error.offline',
}
/** Why an action failed, as the host reads it. */
const errorText = (kind: ChatroomErrorKind): string => t(ERROR_TEXT[kind] ?? 'moderation.error.refused')

/** A temporary mute's time left, in whole minutes under two hours and whole hours above. */
function timeLeft(seconds: number): string {
  return seconds < 7200 ? t('moderation.minutes', { n: Math.max(1, Math.ceil(seconds / 60)) }) : t('moderation.hours', { n: Math.ceil(seconds / 3600) })
}

function memberState(member: ChatroomMemberInfo): string {
  const parts: string[] = []
  if (!member.online) parts.push(t('moderation.offline'))
  if (member.blacked) parts.push(t('moderation.blacked'))
  if (member.gaged) parts.push(t('moderation.gaged'))
  else if (member.tempMuteDuration > 0) parts.push(t('moderation.mutedFor', { time: timeLeft(member.tempMuteDuration) }))
  return parts.join(' · ')
}

/** The sentence the status line says after an action worked. */
function doneText(action: ModerationAction, name: string): string {
  switch (action.kind) {
    case 'kick':
      return t('moderation.done.kick', { name })
    case 'mute':
      return t(action.seconds === 0 ? 'moderation.done.unmute' : 'moderation.done.mute', { name })
    case 'blacklist':
      return t(action.on ? 'moderation.done.blacklist' : 'moderation.done.unblacklist', { name })
    case 'roomMute':
      return t(action.on ? 'moderation.done.roomMuteOn' : 'moderation.done.roomMuteOff')
    case 'announcement':
      return t('moderation.done.announcement')
    case 'close':
      return t('moderation.done.close')
  }
}

const MemberRow = observer(function MemberRow({ store, member, confirm }: { store: ModerationStore; member: ChatroomMemberInfo; confirm: (c: Confirming) => void }) {
  const state = memberState(member)
  const busy = store.pending !== undefined
  const muted = member.muted
  return (
    <View className='live-mod__member' role='listitem'>
      <View className='live-mod__who'>
        <Text className='live-mod__name'>{member.nick}</Text>
        <RoleBadge type={member.type} />
        {state ? <Text className='live-mod__state'>{state}</Text> : null}
      </View>
      {store.canAct(member) ? (
        <View className='live-mod__actions' role='group' aria-label={t('moderation.memberActions', { name: member.nick })}>
          {muted ? (
            <Button className='live-mod__action' {...pressable(() => void store.mute(member.account, 0), { disabled: busy })}>
              {t('moderation.unmute')}
            </Button>
          ) : (
            <Button className='live-mod__action' {...pressable(() => confirm({ kind: 'mute', member }), { disabled: busy })}>
              {t('moderation.mute')}
            </Button>
          )}
          {member.online ? (
            <Button className='live-mod__action' {...pressable(() => confirm({ kind: 'kick', member }), { disabled: busy })}>
              {t('moderation.kick')}
            </Button>
          ) : null}
          {member.blacked ? (
            <Button className='live-mod__action' {...pressable(() => void store.setBlacklisted(member.account, false), { disabled: busy })}>
              {t('moderation.unblacklist')}
            </Button>
          ) : (
            <Button className='live-mod__action live-mod__action--danger' {...pressable(() => confirm({ kind: 'blacklist', member }), { disabled: busy })}>
              {t('moderation.blacklist')}
            </Button>
          )}
        </View>
      ) : null}
    </View>
  )
})

/** The announcement's field: what the room has, until the host edits it. */
const Announcement = observer(function Announcement({ store }: { store: ModerationStore }) {
  const current = store.room?.announcement ?? ''
  const [text, setText] = useState(current)
  useEffect(() => setText(current), [current])
  const tooLong = text.length > ANNOUNCEMENT_MAX_LENGTH
  const save = () => {
    if (!tooLong) void store.saveAnnouncement(text)
  }
  return (
    <View className='live-mod__announcement'>
      <FormField
        label={t('moderation.announcement')}
        placeholder={t('moderation.announcementPlaceholder')}
        value={text}
        maxlength={ANNOUNCEMENT_MAX_LENGTH}
        error={tooLong ? t('moderation.announcementTooLong', { max: ANNOUNCEMENT_MAX_LENGTH }) : undefined}
        onInput={(e) => setText(e.detail.value)}
        onConfirm={save}
      />
      <Button className='live-mod__save' {...pressable(save, { disabled: store.pending !== undefined || tooLong || text.trim() === current })}>
        {store.isPending({ kind: 'announcement' }) ? t('moderation.working') : t('moderation.announcementSave')}
      </Button>
    </View>
  )
})

function ConfirmAction({ store, confirming, onDone }: { store: ModerationStore; confirming: Confirming; onDone: () => void }) {
  const run = (work: Promise<void>) => {
    onDone()
    void work
  }
  switch (confirming.kind) {
    case 'kick':
      return (
        <ConfirmDialog
          title={t('moderation.kickTitle', { name: confirming.member.nick })}
          body={t('moderation.kickBody')}
          confirmText={t('moderation.kick')}
          onConfirm={() => run(store.kick(confirming.member.account))}
          onCancel={onDone}
        />
      )
    case 'blacklist':
      return (
        <ConfirmDialog
          title={t('moderation.blacklistTitle', { name: confirming.member.nick })}
          body={t('moderation.blacklistBody')}
          confirmText={t('moderation.blacklist')}
          onConfirm={() => run(store.setBlacklisted(confirming.member.account, true))}
          onCancel={onDone}
        />
      )
    case 'mute':
      return (
        <Dialog title={t('moderation.muteTitle', { name: confirming.member.nick })} body={t('moderation.muteBody')} actions={[{ text: t('ui.dialog.cancel'), onPress: onDone }]}>
          <View className='live-mod__durations' role='group' aria-label={t('moderation.muteTitle', { name: confirming.member.nick })}>
            {MUTE_DURATIONS_S.map((seconds) => (
              <Button key={seconds} className='live-mod__duration' {...pressable(() => run(store.mute(confirming.member.account, seconds)))}>
                {t(`moderation.duration.${seconds}`)}
              </Button>
            ))}
          </View>
        </Dialog>
      )
    case 'roomMute':
      return (
        <ConfirmDialog
          title={t('moderation.roomMuteOnTitle')}
          body={t('moderation.roomMuteOnBody')}
          confirmText={t('moderation.roomMuteOn')}
          onConfirm={() => run(store.setRoomMute(true))}
          onCancel={onDone}
        />
      )
    case 'close':
      return (
        <ConfirmDialog
          title={t('moderation.closeTitle')}
          body={t('moderation.closeBody')}
          confirmText={t('moderation.closeConfirm')}
          confirmClassName='live-mod__confirm-danger'
          onConfirm={() => run(store.closeRoom())}
          onCancel={onDone}
        />
      )
  }
}

/**
 * The host's moderation panel on /liveHomeAdmin (issue 29, item 5; spec 001 §5-§7): the whole
 * room's mute and the announcement, the members with mute (for a chosen time), kick and blacklist,
 * and closing the room. Destructive actions ask first; each failure is said in a dialog; what
 * worked is said on a status line screen readers announce.
 */
export const ModerationPanel = observer(function ModerationPanel({ store }: { store: ModerationStore }) {
  const [confirming, setConfirming] = useState<Confirming>()
  const { view, room, members, failure, done } = store
  const heading = (
    <View className='live-mod__title' role='heading' aria-level={2}>
      {t('moderation.title')}
    </View>
  )
  let body
  if (view.kind === 'unavailable') body = <StateView kind='empty' title={t('moderation.unavailable')} />
  else if (view.kind === 'notModerator') body = <StateView kind='empty' icon='user' title={t('moderation.notModerator')} />
  else if (view.kind === 'loading') body = <StateView kind='loading' title={t('moderation.loading')} />
  else if (view.kind === 'failed') {
    body = (
      <StateView kind='error' title={t('moderation.failed')} detail={errorText(view.error)} actionText={t('moderation.retry')} onAction={() => void store.load()} />
    )
  } else if (view.kind === 'closed') body = <StateView kind='empty' title={t('moderation.closed')} />
  else {
    const mute = room?.mute ?? false
    const toggleMute = () => (mute ? void store.setRoomMute(false) : setConfirming({ kind: 'roomMute' }))
    body = (
      <>
        <View className='live-mod__room'>
          <View className='live-mod__switch-row'>
            <View className='live-mod__switch-text'>
              <Text className='live-mod__label'>{t('moderation.roomMute')}</Text>
              <Text className='live-mod__hint'>{t('moderation.roomMuteHint')}</Text>
            </View>
            <View
              className={cx('live-mod__switch', mute && 'live-mod__switch--on')}
              {...pressable(toggleMute, { role: 'switch', disabled: store.pending !== undefined })}
              aria-checked={mute ? 'true' : 'false'}
              aria-label={t('moderation.roomMute')}
            >
              <View className='live-mod__knob' />
            </View>
          </View>
          <Announcement store={store} />
        </View>
        <View className='live-mod__subtitle' role='heading' aria-level={3}>
          {t('moderation.members', { n: members.length })}
        </View>
        {members.length === 0 ? (
          <Text className='live-mod__empty'>{t('moderation.empty')}</Text>
        ) : (
          <View className='live-mod__members' role='list'>
            {members.map((member) => (
              <MemberRow key={member.account} store={store} member={member} confirm={setConfirming} />
            ))}
          </View>
        )}
        {store.isOwner ? (
          <Button className='live-mod__close' {...pressable(() => setConfirming({ kind: 'close' }), { disabled: store.pending !== undefined })}>
            {t('moderation.close')}
          </Button>
        ) : null}
      </>
    )
  }
  return (
    <View className='live-mod' role='region' aria-label={t('moderation.title')}>
      {heading}
      {body}
      <View className='live-mod__status' role='status'>
        {store.pending ? t('moderation.working') : done && view.kind !== 'closed' ? doneText(done.action, done.name) : ''}
      </View>
      {confirming ? <ConfirmAction store={store} confirming={confirming} onDone={() => setConfirming(undefined)} /> : null}
      {failure ? (
        <AlertDialog
          title={t('moderation.failedAction', { reason: errorText(failure.error) })}
          buttonText={t('moderation.dismiss')}
          onClose={() => store.dismissFailure()}
        />
      ) : null}
    </View>
  )
})
