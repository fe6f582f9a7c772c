import type { Catalog } from './catalog'
import type zh from '../zh-CN/common'

export default {
  'app.name': 'Lesson Companion',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.backHome': 'Back to home',
  'common.confirm': 'OK',
  'common.yuan': '¥{amount}',
  'common.cancel': 'Cancel',
  'common.networkError': 'Network request abnormal',
  'common.timeout': 'The request timed out. Check your network and try again',
  'common.loadFailed': 'Failed to load',
  'common.noMore': 'No more',
  'common.copySucceeded': 'Copied',
  'common.copyFailed': 'Could not copy',
  'notFound.title': 'Page not found',
  'notFound.text': 'This page does not exist or the link has expired',
  'notFound.path': 'Address: {path}',
  'illegal.title': 'Content suspected of violation',
  'illegal.text': 'This content is suspected of violating the rules and access is suspended. The author should contact support.',
  'vipAlert.title': 'View limit exceeded',
  'vipAlert.text': 'This content has exceeded its view limit. The author must enable VIP before it can be viewed again.',
  'framed.title': 'Open this page directly',
  'framed.text': 'For the safety of your account, this page does not open inside another page.',
} satisfies Catalog<typeof zh>
