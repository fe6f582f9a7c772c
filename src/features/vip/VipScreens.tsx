import { useEffect } from 'react'
import { observer } from 'mobx-react-lite'
import Taro from '@tarojs/taro'
import { Button, Image, Text, View } from '../../platform/components/basic'
import type { MonthDay, VipCampaignRules } from '../../domain/vip'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import { imageAlt, pressable } from '../../ui/a11y'
import { AlertDialog, ConfirmDialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { StateView } from '../../ui/StateView'
import type { VipEligibility, VipSlot } from '../../api/vip'
import type { EligibilityStore, Failure, FriendStore, SlotsStore, VipAccess } from './stores'
import './vip.scss'
import '../../locales/packages/vip'

const say = (failure: Failure): string => ('key' in failure ? t(failure.key) : failure.text)

/** A campaign's days as the locale's `{startMonth}`… places. */
const days = ({ start, end }: { start: MonthDay; end: MonthDay }) => ({ startMonth: start.month, startDay: start.day, endMonth: end.month, endDay: end.day })

/** The rules dialog's text: the campaign's days and quota table as the server holds them, then the fixed rules. */
function rulesText(campaign: VipCampaignRules): string {
  const rows = campaign.table.map((row) => t(row.comparison === 'over' ? 'vip.rules.rowOver' : 'vip.rules.rowAtLeast', { members: row.members, quota: row.quota }))
  return [t('vip.rules.dates', days(campaign)), t('vip.rules.table', { rows: rows.join(t('vip.rules.rowSeparator')) }), t('vip.rules.once'), t('vip.rules.slots')].join('\n')
}

/** Why a group cannot exchange now, with the campaign's days and its smallest group where the reason needs them. */
function reasonText(reason: Exclude<VipEligibility['reason'], ''>, campaign: VipCampaignRules): string {
  const first = campaign.table[0]
  switch (reason) {
    case 'closed':
      return t('vip.reason.closed', days(campaign))
    case 'tooSmall':
      return t(first?.comparison === 'atLeast' ? 'vip.reason.tooSmallAtLeast' : 'vip.reason.tooSmall', { members: first?.members ?? 0 })
    default:
      return t(`vip.reason.${reason}`)
  }
}

/** A page opened without its campaign link: nothing to ask the server about. */
export function VipBadLink() {
  return (
    <View className='vip'>
      <StateView kind='error' title={t('vip.badLink')} detail={t('vip.badLinkDetail')} />
    </View>
  )
}

/**
 * In place of the actions, when the visitor may not act on this link (the server decides, issue 29
 * item 6): nobody logged in is asked to log in with the link's account; someone else logged in is
 * told the slots are the owner's and what they can do instead (spec 000 §1, §2: get VIP from a
 * slot holder, or exchange their own group), with a way to log in as another account.
 */
function VipAccessCard({ access, onLogin, campaign }: { access: VipAccess; onLogin: () => void; campaign?: VipCampaignRules }) {
  if (access === 'login') {
    return (
      <View className='vip__card vip__access' role='region' aria-label={t('vip.access.loginTitle')}>
        <View className='vip__card-title' role='heading' aria-level={2}>
          {t('vip.access.loginTitle')}
        </View>
        <Text className='vip__note'>{t('vip.access.loginBody')}</Text>
        <Button className='vip__primary vip__primary--inline' {...pressable(onLogin)}>
          {t('vip.access.login')}
        </Button>
      </View>
    )
  }
  return (
    <View className='vip__card vip__access' role='region' aria-label={t('vip.access.otherTitle')}>
      <View className='vip__card-title' role='heading' aria-level={2}>
        {t('vip.access.otherTitle')}
      </View>
      <Text className='vip__note'>{t('vip.access.otherBody')}</Text>
      <View role='list'>
        <View className='vip__note vip__access-item' role='listitem'>
          {t('vip.access.otherWantVip')}
        </View>
        <View className='vip__note vip__access-item' role='listitem'>
          {campaign ? t('vip.access.otherOwnGroup', days(campaign)) : t('vip.access.otherOwnGroupNoDates')}
        </View>
      </View>
      <Button className='vip__secondary' {...pressable(onLogin)}>
        {t('vip.access.switch')}
      </Button>
    </View>
  )
}

/**
 * /vipExchange/{data}, step 1 (spec 000 §2): the 'team migration reward' campaign, its dates, the
 * quota table (the campaign's as the server holds them, the spec's by default) and 'view my
 * eligibility'. The page without its link says the link is incomplete (VipBadLink).
 */
export const VipCampaignScreen = observer(function VipCampaignScreen({ store }: { store: EligibilityStore }) {
  const { state } = store
  if (state.kind === 'loading') return <StateView kind='loading' title={t('common.loading')} />
  if (state.kind === 'error') {
    return (
      <View className='vip'>
        <StateView kind='error' title={say(state.failure)} actionText={t('ui.retry')} onAction={() => void store.load()} />
      </View>
    )
  }
  const { campaign } = state
  const next = () => navigate('VipExchange2', { data: store.data })
  return (
    <View className='vip'>
      <View className='vip__hero'>
        <View className='vip__title' role='heading' aria-level={1}>
          {t('vip.campaign.name')}
        </View>
        <Text className='vip__dates'>
          {t('vip.campaign.dates', days(campaign))}
        </Text>
        <Text className='vip__intro'>{t('vip.campaign.intro')}</Text>
      </View>
      <View className='vip__card'>
        <View className='vip__card-title' role='heading' aria-level={2}>
          {t('vip.table.title')}
        </View>
        <View className='vip__table' role='table' aria-label={t('vip.table.title')}>
          <View className='vip__row vip__row--head' role='row'>
            <View className='vip__cell' role='columnheader'>
              {t('vip.table.size')}
            </View>
            <View className='vip__cell vip__cell--end' role='columnheader'>
              {t('vip.table.quota')}
            </View>
          </View>
          {campaign.table.map((row) => (
            <View className='vip__row' role='row' key={row.members}>
              <View className='vip__cell' role='cell'>
                {t(row.comparison === 'over' ? 'vip.table.over' : 'vip.table.atLeast', { members: row.members })}
              </View>
              <View className='vip__cell vip__cell--end' role='cell'>
                {t('vip.table.quotaCount', { quota: row.quota })}
              </View>
            </View>
          ))}
        </View>
      </View>
      <Button className='vip__primary' {...pressable(next)}>
        {t('vip.viewEligibility')}
      </Button>
    </View>
  )
})

/**
 * /vipExchange2, step 2 (spec 000 §2): the group's name and member count and the quota it earns,
 * from the server (the spec's 500 / 10 / 655 were placeholders), the eligibility text or why not,
 * the rules dialog, the confirm dialog, then the slots.
 */
export const VipEligibilityScreen = observer(function VipEligibilityScreen({
  store,
  onLogin,
  onExchanged,
}: {
  store: EligibilityStore
  onLogin: () => void
  /** the exchange is made: the slots it won (the page keeps them as vipCount, spec 000 §3) */
  onExchanged?: (quota: number) => void
}) {
  const { state } = store
  if (state.kind === 'loading') return <StateView kind='loading' title={t('vip.loading')} />
  if (state.kind === 'error') {
    return (
      <View className='vip'>
        <StateView kind='error' title={say(state.failure)} actionText={t('ui.retry')} onAction={() => void store.load()} />
      </View>
    )
  }
  const { eligibility } = state
  const toSlots = () => navigate('VipExchange3', { data: store.data })
  const rules = () => store.showRules()
  const ask = () => store.askConfirm()
  const confirm = async () => {
    if (!(await store.exchange())) return
    onExchanged?.(eligibility.quota)
    toSlots()
  }
  const { campaign } = state
  return (
    <View className='vip'>
      <View className='vip__hero'>
        <View className='vip__hero-top'>
          <View className='vip__title' role='heading' aria-level={1}>
            {t('vip.campaign.name')}
          </View>
          <Text className='vip__link' {...pressable(rules)}>
            {t('vip.rules')}
          </Text>
        </View>
      </View>
      <View className='vip__card'>
        <View className='vip__group' role='heading' aria-level={2}>
          {eligibility.groupName}
        </View>
        <Text className='vip__members'>{t('vip.group.members', { count: eligibility.memberCount })}</Text>
        <View className='vip__quota'>
          <Text className='vip__quota-label'>{t('vip.group.quota')}</Text>
          <Text className='vip__quota-value'>{t('vip.group.quotaValue', { quota: eligibility.quota })}</Text>
        </View>
        <View className={eligibility.reason ? 'vip__reason' : 'vip__eligible'} role='status'>
          {eligibility.reason ? reasonText(eligibility.reason, campaign) : t('vip.eligible', { quota: eligibility.quota })}
        </View>
      </View>
      {store.exchangeError ? (
        <View className='vip__error' role='alert'>
          {say(store.exchangeError)}
        </View>
      ) : null}
      {store.access ? (
        <VipAccessCard access={store.access} onLogin={onLogin} campaign={campaign} />
      ) : eligibility.reason === 'exchanged' ? (
        <Button className='vip__primary' {...pressable(toSlots)}>
          {t('vip.viewSlots')}
        </Button>
      ) : (
        <Button
          className='vip__primary'
          disabled={!store.eligible || store.exchanging}
          {...pressable(ask, { disabled: !store.eligible || store.exchanging })}
        >
          {store.exchanging ? t('vip.exchanging') : t('vip.confirmExchange')}
        </Button>
      )}
      {store.dialog === 'rules' ? (
        <AlertDialog title={t('vip.rules.title')} body={rulesText(campaign)} classNames={{ text: 'vip__rules' }} onClose={() => store.closeDialog()} />
      ) : null}
      {store.dialog === 'confirm' ? (
        <ConfirmDialog
          title={t('vip.confirm.title')}
          body={t('vip.confirm.body')}
          onCancel={() => store.closeDialog()}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </View>
  )
})

const SlotRow = function SlotRow({ slot, onUse }: { slot: VipSlot; onUse: (number: number) => void }) {
  const use = () => onUse(slot.number)
  return (
    <View className='vip__slot' role='listitem'>
      <Text className='vip__slot-number'>{t('vip.slot.number', { number: slot.number })}</Text>
      {slot.used ? (
        <View
          className='vip__slot-friend'
          aria-label={t('vip.slot.usedBy', { number: slot.number, name: slot.friendNickname, id: slot.friendId })}
        >
          {slot.friendFaceIcon ? <Image className='vip__avatar' src={slot.friendFaceIcon} mode='aspectFill' {...imageAlt(slot.friendNickname)} /> : null}
          <View className='vip__slot-text'>
            <Text className='vip__slot-name'>{slot.friendNickname}</Text>
            <Text className='vip__slot-id'>{t('vip.slot.friendId', { id: slot.friendId })}</Text>
          </View>
        </View>
      ) : (
        <Button className='vip__use' aria-label={t('vip.slot.useNowLabel', { number: slot.number })} {...pressable(use)}>
          {t('vip.slot.useNow')}
        </Button>
      )}
    </View>
  )
}

/**
 * /vipExchange3 and the VIP slot list (spec 001 §1, §2): 'you have won N VIP slots'; each slot
 * with its number; a used one shows the friend's avatar, name and ID, an unused one 'use now'
 * (-> /vipExchange4).
 */
export const VipSlotsScreen = observer(function VipSlotsScreen({
  store,
  onLogin,
  lastWon,
  onWon,
}: {
  store: SlotsStore
  onLogin: () => void
  /** the slots the last exchange won (vipCount, spec 000 §3): said at once while the list loads */
  lastWon?: number
  /** the list says how many were won: the page keeps it as vipCount */
  onWon?: (quota: number) => void
}) {
  const { state } = store
  const quota = state.kind === 'loaded' ? state.slots.quota : undefined
  useEffect(() => {
    if (quota !== undefined) onWon?.(quota)
  }, [onWon, quota])
  if (state.kind === 'loading') {
    return (
      <View className='vip'>
        {lastWon !== undefined && lastWon > 0 ? (
          <View className='vip__hero'>
            <View className='vip__won' role='heading' aria-level={1}>
              {t('vip.slots.won', { count: lastWon })}
            </View>
          </View>
        ) : null}
        <StateView kind='loading' title={t('vip.slots.loading')} />
      </View>
    )
  }
  if (state.kind === 'access') {
    return (
      <View className='vip'>
        <VipAccessCard access={state.access} onLogin={onLogin} />
      </View>
    )
  }
  if (state.kind === 'error') {
    return (
      <View className='vip'>
        <StateView kind='error' title={say(state.failure)} actionText={t('ui.retry')} onAction={() => void store.load()} />
      </View>
    )
  }
  const use = (number: number) => navigate('VipExchange4', { data: store.data, number })
  return (
    <View className='vip'>
      <View className='vip__hero'>
        <View className='vip__won' role='heading' aria-level={1}>
          {t('vip.slots.won', { count: state.slots.quota })}
        </View>
      </View>
      <View className='vip__card'>
        <View className='vip__card-title' role='heading' aria-level={2}>
          {t('vip.slots.title')}
        </View>
        <View role='list' aria-label={t('vip.slots.title')}>
          {state.slots.slots.map((slot) => (
            <SlotRow key={slot.number} slot={slot} onUse={use} />
          ))}
        </View>
      </View>
    </View>
  )
})

/**
 * /vipExchange4 (spec 001 §2): the friend's product ID and submit; then a confirm panel with that
 * friend and 'confirm open VIP', which gives them a year of VIP and goes back to the slots.
 */
export const VipFriendScreen = observer(function VipFriendScreen({ store, onLogin }: { store: FriendStore; onLogin: () => void }) {
  const submit = () => void store.submit()
  const confirm = async () => {
    if (await store.confirm()) void Taro.navigateBack()
  }
  const { friend } = store
  if (store.access) {
    return (
      <View className='vip'>
        <VipAccessCard access={store.access} onLogin={onLogin} />
      </View>
    )
  }
  return (
    <View className='vip'>
      <View className='vip__card'>
        <View className='vip__card-title' role='heading' aria-level={1}>
          {t('vip.slot.number', { number: store.slotNumber })}
        </View>
        <FormField
          label={t('vip.friend.label')}
          placeholder={t('vip.friend.placeholder')}
          value={store.input}
          maxlength={64}
          confirmType='done'
          disabled={friend !== undefined}
          error={store.inputError ? say(store.inputError) : undefined}
          onInput={(event) => store.setInput(event.detail.value)}
          onConfirm={submit}
        />
        {friend ? null : (
          <Button className='vip__primary vip__primary--inline' disabled={store.busy !== 'none'} {...pressable(submit, { disabled: store.busy !== 'none' })}>
            {t('vip.friend.submit')}
          </Button>
        )}
      </View>
      {friend ? (
        <View className='vip__card vip__confirm' role='region' aria-label={t('vip.friend.confirmTitle')}>
          <View className='vip__card-title' role='heading' aria-level={2}>
            {t('vip.friend.confirmTitle')}
          </View>
          <View className='vip__slot-friend'>
            {friend.faceIcon ? <Image className='vip__avatar' src={friend.faceIcon} mode='aspectFill' {...imageAlt(friend.nickname)} /> : null}
            <View className='vip__slot-text'>
              <Text className='vip__slot-name'>{friend.nickname}</Text>
              <Text className='vip__slot-id'>{t('vip.slot.friendId', { id: friend.friendId })}</Text>
            </View>
          </View>
          <Text className='vip__note'>{t('vip.friend.confirmNote')}</Text>
          {store.redeemError ? (
            <View className='vip__error' role='alert'>
              {say(store.redeemError)}
            </View>
          ) : null}
          <Button className='vip__primary vip__primary--inline' disabled={store.busy !== 'none'} {...pressable(() => void confirm(), { disabled: store.busy !== 'none' })}>
            {store.busy === 'opening' ? t('vip.friend.opening') : t('vip.friend.confirmOpen')}
          </Button>
          <Button className='vip__secondary' {...pressable(() => store.change())}>
            {t('vip.friend.change')}
          </Button>
        </View>
      ) : null}
    </View>
  )
})
