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
  // the engines (server/core/sql): the database cannot answer now; the call changed nothing and may be made again
  databaseUnavailable: { 'zh-CN': '服务暂时不可用，没有做任何更改，请稍后再试', en: 'the service is briefly unavailable and nothing was changed: please try again in a moment' },
  badPercentEncoding: { 'zh-CN': '请求内容的编码有误', en: 'the body is not valid percent-encoding' },
  controlCharacter: { 'zh-CN': '{field}含有不能输入的控制字符', en: '{field} must not contain control characters' },
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
  // the payout's e-signature (server/money/routes.ts)
  esignNeedsCard: { 'zh-CN': '请先绑定银行卡，再完成电子签约', en: 'bind a bank card before signing the payout agreement' },
  // files, images and audio in the live chat (server/chatroom/uploads.ts)
  chatUploadBadType: { 'zh-CN': '不支持发送这种类型的文件', en: 'this kind of file cannot be sent' },
  chatUploadBadName: { 'zh-CN': '文件名无效', en: 'the file name is not valid' },
  chatUploadEmpty: { 'zh-CN': '文件是空的', en: 'the file is empty' },
  chatUploadTooLarge: { 'zh-CN': '文件太大，无法发送', en: 'the file is too large to send' },
  chatUploadAudioTooLarge: {
    'zh-CN': '音频文件过大（超过 50MB），请压缩或分段录制后再发送',
    en: 'the audio is too large (over 50 MB): compress it or split the recording',
  },
  chatUploadTooMany: { 'zh-CN': '发送文件过于频繁，请 {minutes} 分钟后再试', en: 'too many uploads: try again in {minutes} minutes' },
  chatUploadTooManyOpen: { 'zh-CN': '最多同时上传 {max} 个文件，请等待上传完成', en: 'at most {max} uploads at once: wait for one to finish' },
  chatUploadUnknown: { 'zh-CN': '上传不存在或已过期', en: 'this upload does not exist or has expired' },
  chatUploadWrongOffset: { 'zh-CN': '上传进度不一致，请从服务器给出的位置继续', en: 'this chunk is not at the upload\'s offset: go on from the offset answered' },
  chatUploadBadChunk: { 'zh-CN': '上传的数据有误', en: 'the chunk is not valid' },
  chatUploadChunkTooLarge: { 'zh-CN': '单次上传的数据过大', en: 'the chunk is too large' },
  chatUploadOverDeclared: { 'zh-CN': '上传的数据超过了文件大小', en: 'the chunks are longer than the file declared' },
  chatUploadIncomplete: { 'zh-CN': '文件还没有上传完', en: 'the file is not complete yet' },
  chatUploadBadContent: { 'zh-CN': '文件内容与文件类型不符', en: 'the file\'s content is not what its type says' },
  chatFileNotUploaded: { 'zh-CN': '请先上传文件再发送', en: 'upload the file to this room before sending it' },
  esignPhoneInvalid: {
    'zh-CN': '银行卡预留手机号无法接收验证码，请先修改银行卡信息',
    en: 'the phone reserved on the bank card cannot receive the code: update the bank card first',
  },
  esignAlreadySigned: { 'zh-CN': '你已完成电子签约', en: 'you have already signed the payout agreement' },
  smsNotDelivered: { 'zh-CN': '验证码短信没有发出，请稍后重新获取', en: 'the SMS with the code could not be sent: ask for a new code in a moment' },
  // buying (server/purchase): WeChat Pay API v3
  liveMissing: { 'zh-CN': '直播不存在', en: 'live does not exist' },
  payIosMiniProgram: { 'zh-CN': '由于相关规范，iOS 功能暂不可用', en: 'Due to platform rules, this feature is not available on iOS' },
  payNeedsWechatLogin: { 'zh-CN': '请在微信中登录后再购买', en: 'log in through WeChat before buying' },
  payUnavailable: { 'zh-CN': '微信支付暂时不可用，请稍后再试', en: 'WeChat Pay is not available right now: try again later' },
  // the WeChat login (server/login): its refusals and the pages of its round trip
  loginReturnNotOurs: { 'zh-CN': '登录只能返回本网站的页面', en: 'a login can only return to a page of this site' },
  loginUnknownCourse: { 'zh-CN': '课程不存在', en: 'course does not exist' },
  // resume on any device (server/resume)
  resumeNotAVoice: { 'zh-CN': '这节课里没有这条语音', en: 'this lesson has no such voice' },
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
  // every call: what the transport, the schemas and the session say
  badRequestBody: { 'zh-CN': '请求内容无法读取（{what}）', en: 'bad request: {what}' },
  badUrl: { 'zh-CN': '请求地址的编码有误', en: 'bad request: the URL is not valid percent-encoding' },
  notFormEncoded: { 'zh-CN': '请求内容必须是表单格式', en: 'the body must be form-encoded (application/x-www-form-urlencoded)' },
  headersTooLarge: { 'zh-CN': '请求地址或请求头过长', en: 'bad request: the URL or the headers are over the size limit' },
  requestTooSlow: { 'zh-CN': '请求发送超时，请重试', en: 'bad request: the request took too long to arrive' },
  unknownMethod: { 'zh-CN': '不支持这种请求方式', en: 'bad request: unknown method' },
  unreadableRequest: { 'zh-CN': '请求无法读取', en: 'bad request: the request could not be read' },
  unknownCall: { 'zh-CN': '没有这个接口：{method} {path}', en: 'not found: {method} {path}' },
  serverError: { 'zh-CN': '服务器开小差了，请稍后再试', en: 'server error, please try again later' },
  loginExpired: { 'zh-CN': '登录已过期，请重新登录', en: 'login expired, please log in again' },
  otherUsersLogin: { 'zh-CN': '登录信息属于另一个账号，请重新登录', en: 'the login data belongs to another user' },
  // schema failures: a sentence about the field ({field} is its name in FIELD_NAMES)
  fieldRequired: { 'zh-CN': '请填写{field}', en: '{field} is required' },
  fieldInvalid: { 'zh-CN': '{field}格式不正确', en: '{field} is not in the right format' },
  fieldTooLong: { 'zh-CN': '{field}不能超过 {max} 个字', en: '{field} is longer than {max} characters' },
  fieldTooShort: { 'zh-CN': '{field}至少需要 {min} 个字', en: '{field} needs at least {min} characters' },
  fieldEmpty: { 'zh-CN': '{field}不能为空', en: '{field} cannot be empty' },
  fieldNotInteger: { 'zh-CN': '{field}必须是整数', en: '{field} must be a whole number' },
  fieldOutOfRange: { 'zh-CN': '{field}超出了允许的范围', en: '{field} is out of range' },
  fieldUnknownChoice: { 'zh-CN': '{field}不是可选的值', en: '{field} is not one of the allowed values' },
  fieldsNotForm: { 'zh-CN': '请求内容必须是表单字段', en: 'the body must be form-encoded fields' },
  // lessons (server/lesson)
  courseMissing: { 'zh-CN': '课程不存在', en: 'course does not exist' },
  noMoreMessages: { 'zh-CN': '没有更多了', en: 'no more messages' },
  lessonIllegal: { 'zh-CN': '内容涉嫌违规，已暂停访问', en: 'the content is suspected of violation, access is suspended' },
  viewLimit: { 'zh-CN': '课程观看人数已达上限', en: 'view limit exceeded' },
  noFreePreview: { 'zh-CN': '这门课程没有免费试看', en: 'this course has no free preview' },
  wrongCoursePassword: { 'zh-CN': '课程密码错误', en: 'wrong password' },
  buyCourseFirst: { 'zh-CN': '购买课程后可以查看全部内容', en: 'buy the course to view all of it' },
  tooManyCoursePasswords: { 'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试', en: 'too many wrong passwords, please try again in {minutes} minutes' },
  reviewRefused: { 'zh-CN': '这个链接不能查看这门课程', en: 'this token may not view this lesson' },
  // phone and login (server/login)
  phoneInvalid: { 'zh-CN': '请输入正确的手机号', en: 'please enter correct phone number' },
  smsCodeEmpty: { 'zh-CN': '请输入正确的短信验证码', en: 'please enter the correct SMS code' },
  smsCodeWrong: { 'zh-CN': '验证码错误', en: 'wrong verification code' },
  smsTooSoon: { 'zh-CN': '验证码发送太频繁，请稍后再获取', en: 'please wait before requesting another code' },
  smsTooMany: { 'zh-CN': '获取验证码次数过多，请 {minutes} 分钟后再试', en: 'too many codes requested, please try again in {minutes} minutes' },
  phoneTaken: { 'zh-CN': '这个手机号已绑定其他账号', en: 'this phone number is bound to another account' },
  encryptDataInvalid: { 'zh-CN': 'App 登录信息有误，请重新打开页面', en: 'encryptData must be the JSON text of phone, interCode and vcode' },
  courseDataNeeded: { 'zh-CN': '直播登录需要课程信息', en: 'courseData is required' },
  // buying (server/purchase)
  bindPhoneFirst: { 'zh-CN': '请先绑定手机号', en: 'please bind your phone first' },
  courseNotForSale: { 'zh-CN': '这门课程不出售', en: 'this course is not for sale' },
  orderMissing: { 'zh-CN': '订单不存在', en: 'order does not exist' },
  orderOfOtherUser: { 'zh-CN': '这个订单属于另一个账号', en: 'this order belongs to another user' },
  // lives (server/live)
  liveAppOnly: { 'zh-CN': '这个直播只能在 App 中观看', en: 'this live can only be watched in the app' },
  liveNotBought: { 'zh-CN': '这是付费直播，购买后才能观看', en: 'this live is paid: buy it to watch' },
  liveNotStarted: { 'zh-CN': '直播还没有开始', en: 'this live has not started yet' },
  liveNoReplay: { 'zh-CN': '这个直播没有回放', en: 'this live has no replay' },
  liveWrongPassword: { 'zh-CN': '直播密码错误', en: 'wrong live password' },
  liveAdminsOnly: { 'zh-CN': '只有主播或这个直播的管理员可以打开这个页面', en: 'only the host or an admin of this live may open this page' },
  hostMissing: { 'zh-CN': '主播不存在', en: 'host does not exist' },
  subscribeSelf: { 'zh-CN': '不能订阅自己', en: 'you cannot subscribe to yourself' },
  noMore: { 'zh-CN': '没有更多了', en: 'no more' },
  // money (server/money)
  withdrawalMissing: { 'zh-CN': '提现记录不存在', en: 'withdrawal does not exist' },
  noCardBound: { 'zh-CN': '还没有绑定银行卡', en: 'no bank card is bound' },
  cardInfoWrong: { 'zh-CN': '提现信息有误，请修改', en: 'the withdrawal information is wrong, please modify it' },
  nothingToWithdraw: { 'zh-CN': '没有可提现的收入', en: 'no withdrawable income' },
  // invitations (server/invite)
  inviteMissing: { 'zh-CN': '邀请不存在或已过期', en: 'invitation does not exist or has expired' },
  notFriendInvite: { 'zh-CN': '这不是好友邀请', en: 'this is not a friend invitation' },
  notGroupInvite: { 'zh-CN': '这不是群聊邀请', en: 'this is not a group invitation' },
  groupMissing: { 'zh-CN': '群聊不存在', en: 'group does not exist' },
  inviterMissing: { 'zh-CN': '邀请人不存在', en: 'inviter does not exist' },
  wmAccountMissing: { 'zh-CN': '水印相机账号不存在', en: 'watermark camera account does not exist' },
  wmAccountTaken: { 'zh-CN': '这个水印相机账号已绑定其他手机号', en: 'this watermark camera account is bound to another phone' },
  groupIsFree: { 'zh-CN': '这个群聊可以免费加入', en: 'this group is free to join' },
  groupPaymentUnavailable: { 'zh-CN': '这个服务器没有开启入群支付', en: 'group payment is not configured on this server' },
  orderDataInvalid: { 'zh-CN': '入群订单信息有误', en: 'orderData must be the JSON text of password, gid and wmid' },
  // the VIP campaign (server/vip)
  vipLinkMissing: { 'zh-CN': '活动链接不存在', en: 'the campaign link does not exist' },
  vipFriendMissing: { 'zh-CN': '没有这个 ID 的用户', en: 'no user has this ID' },
  vipSlotMissing: { 'zh-CN': '这个名额不存在', en: 'this slot does not exist' },
  vipClosed: { 'zh-CN': '当前不在活动时间内', en: 'the campaign is not running now' },
  vipTooSmall: { 'zh-CN': '群成员需超过 50 人才能兑换 VIP 名额', en: 'a group needs more than 50 members to exchange VIP slots' },
  vipExchanged: { 'zh-CN': '你已兑换过 VIP 名额，每人仅可兑换一次', en: 'you have exchanged VIP slots already; each person can exchange once' },
  vipGroupCounted: { 'zh-CN': '这个群已被其他账号兑换过，每个群只计算一次', en: 'this group has been exchanged by another account; each group counts once' },
  vipNotExchanged: { 'zh-CN': '你还没有兑换 VIP 名额', en: 'you have not exchanged VIP slots yet' },
  vipSlotUsed: { 'zh-CN': '这个名额已被使用，请返回选择其他名额', en: 'this slot has been used; go back and pick another' },
  vipFriendHasSlot: { 'zh-CN': '你已经送过这位好友 VIP 了', en: 'you have given this friend VIP already' },
  vipSelf: { 'zh-CN': '名额不能送给自己', en: 'a slot cannot be given to yourself' },
  // albums, stickers and sharing (server/album, server/share)
  albumMissing: { 'zh-CN': '专辑不存在', en: 'the album does not exist' },
  shareConfigUnavailable: { 'zh-CN': '分享设置暂时不可用', en: 'share config unavailable' },
  // development routes (server/dev): demo mode only
  devNoCodeSent: { 'zh-CN': '这个手机号还没有收到验证码', en: 'no code was sent to this phone' },
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

/**
 * What a person calls each field of the calls' bodies (types/calls.ts), for the sentence a schema
 * failure becomes: `请填写银行卡号`, never `bankNo must match pattern …`.
 */
const FIELD_NAMES = {
  account: { 'zh-CN': '成员账号', en: 'member account' },
  action: { 'zh-CN': '操作', en: 'action' },
  at: { 'zh-CN': '时间', en: 'time' },
  announcement: { 'zh-CN': '公告', en: 'announcement' },
  bankName: { 'zh-CN': '开户银行', en: 'bank name' },
  bankNo: { 'zh-CN': '银行卡号', en: 'card number' },
  clearingNO: { 'zh-CN': '提现单号', en: 'withdrawal number' },
  code: { 'zh-CN': '授权码', en: 'authorisation code' },
  courseData: { 'zh-CN': '课程链接', en: 'course link' },
  coursePass: { 'zh-CN': '课程密码', en: 'course password' },
  d: { 'zh-CN': '表情引导链接', en: 'sticker link' },
  device: { 'zh-CN': '设备', en: 'device' },
  deviceId: { 'zh-CN': '设备 ID', en: 'device ID' },
  data: { 'zh-CN': '链接信息', en: 'link data' },
  encryptData: { 'zh-CN': 'App 登录信息', en: 'app login data' },
  failOf: { 'zh-CN': '失败的卖家', en: 'failing seller' },
  friendId: { 'zh-CN': '好友 ID', en: 'friend ID' },
  fromType: { 'zh-CN': '来源', en: 'source' },
  gid: { 'zh-CN': '群号', en: 'group number' },
  idCardNo: { 'zh-CN': '证件号码', en: 'ID number' },
  interCode: { 'zh-CN': '国家区号', en: 'country code' },
  inviterWmid: { 'zh-CN': '邀请人', en: 'inviter' },
  isSubscribe: { 'zh-CN': '订阅状态', en: 'subscription' },
  loginData: { 'zh-CN': '登录信息', en: 'login data' },
  loginType: { 'zh-CN': '登录方式', en: 'login type' },
  message: { 'zh-CN': '验证信息', en: 'verification message' },
  msgId: { 'zh-CN': '语音', en: 'voice' },
  msgTimestamp: { 'zh-CN': '消息时间', en: 'message time' },
  number: { 'zh-CN': '名额编号', en: 'slot number' },
  on: { 'zh-CN': '开关', en: 'switch' },
  openid: { 'zh-CN': '微信身份', en: 'WeChat identity' },
  orderChannels: { 'zh-CN': '下单渠道', en: 'order channel' },
  orderData: { 'zh-CN': '订单信息', en: 'order data' },
  orderNO: { 'zh-CN': '订单号', en: 'order number' },
  orderType: { 'zh-CN': '订单类型', en: 'order type' },
  page: { 'zh-CN': '页码', en: 'page' },
  pageSize: { 'zh-CN': '每页条数', en: 'page size' },
  payType: { 'zh-CN': '支付方式', en: 'payment method' },
  paymentType: { 'zh-CN': '支付类型', en: 'payment type' },
  phone: { 'zh-CN': '手机号', en: 'phone number' },
  platform: { 'zh-CN': '平台', en: 'platform' },
  position: { 'zh-CN': '播放位置', en: 'position' },
  playPass: { 'zh-CN': '回放密码', en: 'replay password' },
  realName: { 'zh-CN': '姓名', en: 'name' },
  redirect: { 'zh-CN': '返回页面', en: 'return page' },
  registerUrl: { 'zh-CN': '页面地址', en: 'page address' },
  rejectCardOf: { 'zh-CN': '被拒卡的卖家', en: 'seller whose card is refused' },
  requestId: { 'zh-CN': '请求编号', en: 'request ID' },
  seconds: { 'zh-CN': '禁言时长', en: 'mute duration' },
  type: { 'zh-CN': '类型', en: 'type' },
  userid: { 'zh-CN': '用户 ID', en: 'user ID' },
  vcode: { 'zh-CN': '验证码', en: 'verification code' },
  version: { 'zh-CN': '版本', en: 'version' },
  wmid: { 'zh-CN': '用户', en: 'user' },
  wsid: { 'zh-CN': '水印相机账号', en: 'watermark camera account' },
} as const satisfies Record<string, Record<Language, string>>

/** Every named field, for the test that each call's field has a name in both languages. */
export const FIELD_NAME_KEYS = Object.keys(FIELD_NAMES)

/** A field's name for a reader; a field without one (a notification's own fields) is named as sent. */
export function fieldName(field: string, language: Language): string {
  return Object.prototype.hasOwnProperty.call(FIELD_NAMES, field) ? FIELD_NAMES[field as keyof typeof FIELD_NAMES][language] : field
}
