/**
 * The server's refusals in the reader's language: zh-CN by default, English when the request
 * prefers it (Accept-Language). A refusal names its text here by key (`ApiRefusal.say`); the error
 * handler writes it for the request it answers.
 */
export type Language = 'zh-CN' | 'en'

const TEXTS = {
  // the chat room (server/chatroom): its refusals, answered on the socket in the language of its upgrade request
  chatBadRequest: { 'zh-CN': '聊天室请求有误（{what}）', en: 'bad chat room request ({what})' },
  chatNotLoggedIn: { 'zh-CN': '请先进入聊天室', en: 'log in to the chat room first' },
  chatAlreadyIn: { 'zh-CN': '这个连接已经进入了聊天室', en: 'already logged in on this connection' },
  chatUnknownCommand: { 'zh-CN': '聊天室不支持这个指令', en: 'unknown chat room command' },
  chatNoRoom: { 'zh-CN': '聊天室不存在', en: 'no such chat room' },
  chatClosed: { 'zh-CN': '聊天室已关闭', en: 'this chat room is closed' },
  chatNoMember: { 'zh-CN': '聊天室里没有这个成员', en: 'no such member in this chat room' },
  chatLoginExpired: { 'zh-CN': '聊天室登录已过期，请重新登录', en: 'the chat room login has expired: log in again' },
  chatNeedsNick: { 'zh-CN': '以游客身份进入需要昵称', en: 'an anonymous login needs chatroomNick' },
  chatBadNick: { 'zh-CN': '昵称需要可见的文字，且不能含控制字符', en: 'chatroomNick needs a visible name without control characters' },
  chatBadAvatar: { 'zh-CN': '头像必须是图片地址', en: 'chatroomAvatar must be a picture address' },
  chatPosesAsModerator: { 'zh-CN': '游客不能使用主播或管理员的昵称和头像', en: 'a guest cannot take the name or picture of the host or a manager' },
  chatGuestTaken: { 'zh-CN': '这个游客身份属于另一台设备', en: 'this guest account belongs to another client' },
  chatUnknownClient: { 'zh-CN': '游客凭证无效，请重新进入', en: 'this client key was not issued by the chat room' },
  chatBlacklisted: { 'zh-CN': '你已被主播拉黑，不能进入聊天室', en: 'you are on this chat room\'s blacklist' },
  chatMuted: { 'zh-CN': '你已被禁言', en: 'you are muted in this chat room' },
  chatRoomMuted: { 'zh-CN': '聊天室已全员禁言', en: 'this chat room is muted' },
  chatNotOnSelf: { 'zh-CN': '不能对自己这样操作', en: 'you cannot do this to yourself' },
  chatModeratorsOnly: { 'zh-CN': '只有主播和管理员可以这样操作', en: 'only the host and managers may do this' },
  chatOwnerOnly: { 'zh-CN': '只有主播可以这样操作', en: 'only the host may do this' },
  chatOwnerUntouchable: { 'zh-CN': '不能对主播这样操作', en: 'the host cannot be marked' },
  chatManagersByOwner: { 'zh-CN': '只有主播可以管理管理员', en: 'only the host manages managers' },
  chatGuestNoType: { 'zh-CN': '匿名游客不能设为固定成员', en: 'an anonymous guest cannot be given a member type' },
  chatTooLong: { 'zh-CN': '{field} 不能超过 {max} 个字', en: '{field} is longer than {max} characters' },
  chatNotNetEase: { 'zh-CN': '这个直播的聊天室不在网易云信上，请在聊天室里管理', en: 'this live\'s chat room is not on NetEase IM: moderate it in the room' },
  chatNetEaseRefused: { 'zh-CN': '网易云信拒绝了这个操作（{code}）', en: 'NetEase IM refused this ({code})' },
  badPercentEncoding: { 'zh-CN': '请求内容的编码有误', en: 'the body is not valid percent-encoding' },
  controlCharacter: { 'zh-CN': '{field} 含有不能输入的控制字符', en: '{field} must not contain control characters' },
  friendMessageTooLong: { 'zh-CN': '验证信息不能超过 {max} 个字', en: 'the verification message is longer than {max} characters' },
  tooManyFriendLookups: { 'zh-CN': '查询好友 ID 过于频繁，请 {minutes} 分钟后再试', en: 'too many friend ID lookups: try again in {minutes} minutes' },
  cardChangedElsewhere: {
    'zh-CN': '银行卡信息已在别处修改，请重新填写证件号码、银行卡号和预留手机号',
    en: 'the bank card was changed elsewhere: type the ID number, card number and phone again',
  },
  retryNothingLeft: { 'zh-CN': '这笔提现的收入已全部退款，无需重试', en: 'every sale in this withdrawal was refunded: there is nothing to retry' },
  retryNotFailed: { 'zh-CN': '只有提现失败的记录可以重试', en: 'only a failed withdrawal can be retried' },
  retryUpdateCardFirst: { 'zh-CN': '请先修改银行卡信息再重试', en: 'update the bank card before retrying' },
  tooManyInviteLookups: { 'zh-CN': '查询邀请过于频繁，请 {minutes} 分钟后再试', en: 'too many invitation lookups: try again in {minutes} minutes' },
  tooManyReplayPasswords: { 'zh-CN': '回放密码错误次数过多，请 {minutes} 分钟后再试', en: 'too many wrong passwords: try again in {minutes} minutes' },
  tooManySpeechSessions: { 'zh-CN': '语音识别请求过于频繁，请 {minutes} 分钟后再试', en: 'too many speech sessions: try again in {minutes} minutes' },
  vipLoginNeeded: { 'zh-CN': '请先登录这个活动链接所属的微脉账号', en: 'log in with the account this campaign link belongs to first' },
  vipNotOwner: {
    'zh-CN': '这个活动链接属于另一个账号，只有它的主人可以兑换和赠送 VIP 名额',
    en: 'this campaign link belongs to another account: only its owner can exchange and give its VIP slots',
  },
  subscribeLinkInvalid: {
    'zh-CN': '订阅链接无效或已过期，请从公众号菜单重新打开',
    en: 'this subscription link is not valid or has expired: open it again from the official account menu',
  },
  smsNotDelivered: { 'zh-CN': '验证码短信没有发出，请稍后重新获取', en: 'the SMS with the code could not be sent: ask for a new code in a moment' },
  // buying (server/purchase): WeChat Pay API v3
  liveMissing: { 'zh-CN': '直播不存在', en: 'live does not exist' },
  payIosMiniProgram: { 'zh-CN': '由于相关规范，iOS 功能暂不可用', en: 'Due to platform rules, this feature is not available on iOS' },
  payNeedsWechatLogin: { 'zh-CN': '请在微信中登录后再购买', en: 'log in through WeChat before buying' },
  payUnavailable: { 'zh-CN': '微信支付暂时不可用，请稍后再试', en: 'WeChat Pay is not available right now: try again later' },
  // the WeChat login (server/login): its refusals and the pages of its round trip
  loginReturnNotOurs: { 'zh-CN': '登录只能返回本网站的页面', en: 'a login can only return to a page of this site' },
  loginUnknownCourse: { 'zh-CN': '课程不存在', en: 'course does not exist' },
  stickerUnknown: { 'zh-CN': '表情引导链接不存在', en: 'the sticker link does not exist' },
  wechatLoginStale: { 'zh-CN': '登录已过期或已完成，请返回重新登录', en: 'this login has expired or is already done: go back and log in again' },
  wechatLoginOtherBrowser: {
    'zh-CN': '这个登录不是在这个浏览器里开始的，请返回重新登录',
    en: 'this login was not started in this browser: go back and log in again',
  },
  wechatCodeUsed: { 'zh-CN': '微信授权已使用或已失效，请返回重新登录', en: 'the WeChat authorisation was already used or has expired: go back and log in again' },
  wechatSnapshotUser: {
    'zh-CN': '请先点击页面底部的“使用完整服务”，再登录',
    en: 'tap "use the full service" at the bottom of the page first, then log in',
  },
  wechatUnavailable: { 'zh-CN': '微信登录暂时不可用，请稍后再试', en: 'WeChat login is not available right now: try again later' },
  wechatLoginTooMany: { 'zh-CN': '登录过于频繁，请 {minutes} 分钟后再试', en: 'too many logins: try again in {minutes} minutes' },
  appLoginUnconfigured: { 'zh-CN': '这个服务器没有开启 App 登录', en: 'app login is not set up on this server' },
  appLoginRefused: { 'zh-CN': 'App 登录信息无效或已过期，请重新打开页面', en: 'the app\'s login is not valid or has expired: open the page again' },
} as const satisfies Record<string, Record<Language, string>>

export type TextKey = keyof typeof TEXTS
export type TextParams = Readonly<Record<string, string | number>>

/** English when the reader's first language is English; zh-CN otherwise (and when none is said). */
export function readerLanguage(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'zh-CN'
}

/** The text of `key` in `language`, its `{name}` places filled from `params`. */
export function textOf(key: TextKey, language: Language, params: TextParams = {}): string {
  return TEXTS[key][language].replace(/\{(\w+)\}/g, (place, name: string) => (name in params ? String(params[name]) : place))
}

/** Every key, for the test that each has both languages. */
export const TEXT_KEYS = Object.keys(TEXTS) as TextKey[]
