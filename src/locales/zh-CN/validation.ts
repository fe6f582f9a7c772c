/** Messages of src/domain/validation.ts and bad route parameters (spec 000 §5, spec 001 §5). */
export default {
  'validation.phoneEmpty': '请输入正确的手机号',
  'validation.codeEmpty': '请输入正确的短信验证码',
  'validation.friendMessageTooLong': '验证信息最多 64 个字，请删减后重新提交',
  'validation.watermarkAccountEmpty': '请输入水印相机账号',
  'validation.card.name': '请输入正确的姓名',
  'validation.card.idCardNo': '请输入正确的证件号码',
  'validation.card.bankName': '请输入正确的银行名称',
  'validation.card.bankNo': '请输入正确的银行卡号',
  'validation.card.phone': '请输入正确的手机号',
  'validation.livePasswordShort': '请输入正确的直播密码',
  'validation.audioTooLarge': '音频过大，请压缩或分段录制后再试',
  'routeParam.missing': '链接缺少必要的参数',
  'routeParam.invalid': '链接参数有误，无法打开',
} as const
