import type { Catalog } from './catalog'
import type zh from '../zh-CN/review'

export default {
  'review.empty': 'No data found',
  'review.loadError': 'Loading failed',
  'review.refused': 'You may not view this lesson',
  'review.refusedHint': "The link's token is not valid, has expired or belongs to another lesson",
  'review.badLink': 'This link cannot be opened',
  'review.noToken': 'The link carries no viewing token',
  'review.noLesson': 'The link names no lesson',
  'review.footer': 'No more',
} satisfies Catalog<typeof zh>
