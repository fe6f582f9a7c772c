import type { Catalog } from './catalog'
import type zh from '../zh-CN/ui'

export default {
  'ui.dialog.ok': 'OK',
  'ui.dialog.cancel': 'Cancel',
  'ui.dialog.confirm': 'Confirm',
  'ui.countdown.idle': 'Get code',
  'ui.countdown.counting': 'Resend in {seconds}s',
  'ui.list.loading': 'Loading…',
  'ui.list.loadingMore': 'Loading more…',
  'ui.list.end': 'No more',
  'ui.list.empty': 'Nothing here yet',
  'ui.list.error': 'Failed to load',
  'ui.retry': 'Retry',
} satisfies Catalog<typeof zh>
