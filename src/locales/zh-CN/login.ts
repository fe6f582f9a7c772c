/** Phone login and bind dialogs, country picker (spec 000 §2, §4). */
export default {
  'login.title': '手机号登录',
  'login.countryCode': '+{code}',
  'login.phonePlaceholder': '请输入手机号',
  'login.codePlaceholder': '请输入短信验证码',
  'login.getCode': '获取验证码',
  'login.countdown': '{seconds}s 后重发',
  'login.codeSent': '验证码已发送',
  'login.cancel': '取消',
  'login.confirm': '确定',
  'login.success': '领取成功，开通水印相机 VIP 时自动抵扣',
  'login.gotIt': '我知道了',
  'country.title': '选择国家/地区',
  'country.search': '搜索国家/地区',
  'country.recommended': '推荐',
  'country.empty': '没有找到匹配的国家/地区',
  'country.loadFailed': '国家/地区列表加载失败',
} as const
