/**
 * What every call that sends or checks an SMS code answers (spec 000 §5, §7): the login area's
 * phone binding and the invite area's watermark-camera binding share it, so both have the same
 * wording, the same one-a-minute rule and the same client, phone and wrong-guess limits (sms.ts).
 */
import { ResponseCode } from '../../types/api'
import { SMS_TOO_SOON_CODE } from '../../types/login'
import { waitMinutes } from '../core/attempts'
import { ApiRefusal } from '../core/envelope'
import { normalisePhone } from './rules'
import type { PhoneNumber } from './rules'
import type { SmsCodeRepository } from './sms'
import type { SmsSender } from '../outside/tencentSms/sender'

/** The phone in its one form (rules.ts `normalisePhone`), or the spec's refusal when it cannot be one. */
export function phoneNumber(phone: string, interCode: string): PhoneNumber {
  const number = normalisePhone(phone, interCode)
  if (!number) throw ApiRefusal.say(ResponseCode.BadRequest, 'phoneInvalid')
  return number
}

/**
 * Sends a new code to the phone asked for by `client` (its address) through `sender` (Tencent
 * Cloud SMS; its stand-in in demo mode), or refuses with SMS_TOO_SOON_CODE and how long to wait.
 * A code the provider did not deliver is taken back and the user is told so: never an answer of
 * success for a message that is not on its way.
 */
export async function sendSmsCode(sms: SmsCodeRepository, sender: SmsSender, number: PhoneNumber, client: string): Promise<void> {
  const issued = await sms.issue(number.phone, number.interCode, client, Date.now())
  if (!issued.sent) {
    throw issued.reason === 'tooSoon'
      ? ApiRefusal.say(SMS_TOO_SOON_CODE, 'smsTooSoon')
      : ApiRefusal.say(SMS_TOO_SOON_CODE, 'smsTooMany', { minutes: waitMinutes(issued.waitMs) })
  }
  const delivery = await sender.send(number, issued.code)
  if (!delivery.delivered) {
    await sms.withdraw(number.phone, number.interCode, issued.code)
    throw ApiRefusal.say(ResponseCode.ServerError, 'smsNotDelivered')
  }
}

/** Uses up the phone's live code, or refuses: an empty code, a wrong, expired or over-guessed one. */
export async function requireSmsCode(sms: SmsCodeRepository, number: PhoneNumber, vcode: string, now: number): Promise<void> {
  if (vcode.trim() === '') throw ApiRefusal.say(ResponseCode.BadRequest, 'smsCodeEmpty')
  if (!(await sms.verify(number.phone, number.interCode, vcode.trim(), now))) throw ApiRefusal.say(ResponseCode.BadRequest, 'smsCodeWrong')
}
