/**
 * Wire types and calls of the invite pages (spec 000 §2, §7 "Invite calls"; spec 001 §3, §7):
 * friend and group requests from a QR-code invite, the watermark-camera binding, the
 * invite-password queries and the paid group's order.
 *
 * `data` is the invite handle a QR-code invite carries (the `data` of the welcome page's `info`).
 * The reference server treats one handle as one invitation of one person: a repeated request
 * answers the same and records nothing new.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/** data.object of the two watermark-camera bind calls: the account now tied to the phone. */
export interface WatermarkBind {
  wsid: string
  /** VIP quota credited by this invitation (once, whatever the repeats) */
  vipQuota: number
}

/** data.object of inviteCalls.groupQuery (spec 001 §3 "Group invite info", plus groupName and condition the page shows). */
export interface GroupInviteInfo {
  nickname: string
  headImg: string
  faceIcon: string
  groupName: string
  introduction: string
  condition: string
  isNeedPay: 0 | 1
  /** fen */
  fee: number
  /** the invite password, between two '￥' markers */
  password: string
}

/** data.object of inviteCalls.friendQuery (spec 001 §3 "Friend invite info"). */
export interface FriendInviteInfo {
  nickname: string
  password: string
  faceIcon: string
}

/** data.object of inviteCalls.groupOrder (spec 001 §3): bought already, or the provider's form. */
export interface GroupOrderAnswer {
  isBought: 0 | 1
  orderNO: string
  /** an HTML form that posts itself to the payment provider ('' when bought) */
  formHTML: string
}

/** The group order's orderData, as JSON text. */
export interface GroupOrderData {
  password: string
  gid: string
  wmid: string
}

/** orderChannels and paymentType of the group order (spec 001 §9). */
export const GROUP_ORDER_CHANNEL = 4
export const GROUP_PAYMENT_TYPE = 8

type WatermarkBindBody = { data: string; wsid: string; phone: string; vcode: string; interCode?: string }
const watermarkBindFields = { data: 'required', wsid: 'required', phone: 'required', vcode: 'required', interCode: 'optional' } as const

export const inviteCalls = {
  /** A friend request for a QR-code invite, with the verification message when there is one. */
  friendAdd: endpoint<{ data: string; message?: string }, null>('/wmim/invite/qrcodes/friend/add.do', {
    data: 'required',
    message: 'optional',
  }),
  /** A request to join the group of a QR-code invite. */
  groupAdd: endpoint<{ data: string }, null>('/wmim/invite/qrcodes/group/add.do', { data: 'required' }),
  /** An SMS code for the watermark-camera binding: the login area's codes and limits. */
  watermarkSms: endpoint<{ data: string; phone?: string; interCode?: string }, null>('/wmim/invite/qrcodes/wssy/sms/send.do', {
    data: 'required',
    phone: 'optional',
    interCode: 'optional',
  }),
  watermarkFriendAdd: endpoint<WatermarkBindBody, ObjectData<WatermarkBind>>('/wmim/invite/qrcodes/wssy/friend/add.do', watermarkBindFields),
  watermarkGroupAdd: endpoint<WatermarkBindBody, ObjectData<WatermarkBind>>('/wmim/invite/qrcodes/wssy/group/add.do', watermarkBindFields),
  groupQuery: endpoint<{ wmid: string; gid: string; version?: string }, ObjectData<GroupInviteInfo>>(
    '/wmim/h5/invite/password/group/query.do',
    { wmid: 'required', gid: 'required', version: 'optional' },
  ),
  friendQuery: endpoint<{ wmid: string; version?: string }, ObjectData<FriendInviteInfo>>('/wmim/h5/invite/password/friend/query.do', {
    wmid: 'required',
    version: 'optional',
  }),
  /** orderData is the JSON text of GroupOrderData. */
  groupOrder: endpoint<{ orderData: string; orderChannels: number; paymentType: number }, ObjectData<GroupOrderAnswer>>(
    '/wmim/h5/order/group/create.do',
    { orderData: 'required', orderChannels: 'required', paymentType: 'required' },
  ),
} as const

/** GET: the remote update config ({ wmDownload_desc }), fetched with a timestamp query `t`. */
export const DOWNLOAD_DESC_PATH = '/config/wmUpdate.json'

/**
 * GET `${DEV_STORE_PATH}/android` and `/ios`: the demo server's stand-in for the app store pages,
 * the default of the builds' TARO_APP_ANDROID_STORE_URL and TARO_APP_IOS_STORE_URL.
 */
export const DEV_STORE_PATH = '/dev/store'
