import type { Catalog } from './catalog'
import type zh from '../zh-CN/login'

export default {
  'login.title': 'Phone login',
  'login.countryCode': '+{code}',
  'login.countryCodeLabel': 'Country code +{code}, change',
  'login.phoneLabel': 'Phone number',
  'login.codeLabel': 'SMS code',
  'login.phonePlaceholder': 'Phone number',
  'login.codePlaceholder': 'SMS code',
  'login.getCode': 'Get code',
  'login.countdown': 'Resend in {seconds}s',
  'login.codeSent': 'Code sent',
  'login.cancel': 'Cancel',
  'login.confirm': 'Confirm',
  'login.success': 'Claimed successfully; deducted automatically when the camera VIP is opened',
  'login.gotIt': 'Got it',
  'country.title': 'Select country/region',
  'country.search': 'Search country/region',
  'country.recommended': 'Recommended',
  'country.empty': 'No matching country/region',
  'country.loadFailed': 'Failed to load the country list',
} satisfies Catalog<typeof zh>
