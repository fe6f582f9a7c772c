import type { Catalog } from './catalog'
import type zh from '../zh-CN/validation'

export default {
  'validation.phoneEmpty': 'Please enter a correct phone number',
  'validation.codeEmpty': 'Please enter the correct SMS code',
  'validation.friendMessageTooLong': 'The verification message is at most 64 characters, delete some and resubmit',
  'validation.watermarkAccountEmpty': 'Please enter the watermark camera account number',
  'validation.card.name': 'Please enter the correct name',
  'validation.card.idCardNo': 'Please enter the correct ID number',
  'validation.card.bankName': 'Please enter the correct bank name',
  'validation.card.bankNo': 'Please enter the correct card number',
  'validation.card.phone': 'Please enter the correct phone number',
  'validation.livePasswordShort': 'Please enter a correct live password',
  'validation.audioTooLarge': 'The audio is too large; compress it or split the recording',
  'routeParam.missing': 'The link is missing a required parameter',
  'routeParam.invalid': 'The link parameters are invalid and it cannot be opened',
} satisfies Catalog<typeof zh>
