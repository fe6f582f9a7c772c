import type { Catalog } from './catalog'
import type zh from '../zh-CN/live'

/** The live package's pages (spec 001 §2, §4, §5, §8). */
export default {
  'live.end.title': 'The live has ended',
  'live.end.cover': 'Live ended cover',
  'live.end.detail': 'Thanks for watching. Download the app for more',
  'live.end.download': 'Download the app and start a live for free',
  'subscribe.heading': 'Live reminder',
  'subscribe.subtitle': 'Subscribe to hosts and be the first to know when they go live',
  'subscribe.howTitle': 'How to subscribe',
  'subscribe.howBody': 'Tap subscribe on a page shared from a group live, then follow the official account to finish.',
  'subscribe.listTitle': 'Subscribed hosts',
  'subscribe.switch': 'Live reminders from {name}',
  'subscribe.saving': 'Saving',
  'subscribe.empty': 'Not subscribed to any host yet',
  'subscribe.end': 'No more',
  'subscribe.failed': 'The subscription list could not be loaded',
  'subscribe.noOpenid': 'This link lacks the official account identity: open it again from the official account menu',
} satisfies Catalog<typeof zh>
