/**
 * What the SMS client (sender.ts) and demo mode's stand-in (standin.ts) agree on: Tencent Cloud
 * SMS's names, and the demo account whose signature the stand-in checks. Nothing here imports the
 * stand-in list, which imports the stand-in.
 */
export const TENCENT_SMS_VERSION = '2021-01-11'
export const TENCENT_SMS_SERVICE = 'sms'
export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com'
export const TENCENT_SMS_STANDIN = 'tencent-sms'

/** Demo mode's Tencent Cloud account and SMS application: made up, known to the stand-in only. */
export const DEMO_TENCENT_SMS_ACCOUNT = {
  secretId: 'AKIDdemo0000000000000000000000000000',
  secretKey: 'demo-tencent-sms-secret-key-000000',
  sdkAppId: '1400000000',
  signName: '微脉演示',
  templateId: '100000',
  region: 'ap-guangzhou',
} as const
