import type { Catalog } from './catalog'
import type zh from '../zh-CN/lesson'

export default {
  'lesson.createdAt': 'Created {date}',
  'lesson.footer': '— Exported from the Weimai app —',
  'lesson.loadingMore': 'Loading more…',
  'lesson.notExist': 'The course does not exist',
  'lesson.notExistHint': 'The link may have expired, or the author deleted the course',
  'lesson.badLink': 'The course link is incomplete and cannot be opened',
  'lesson.loadError': 'The course failed to load',
  'lesson.mustPay': 'This lesson can be read after buying it',
  'lesson.empty': 'This lesson has no content yet',
  'lesson.period.morning': 'AM',
  'lesson.period.afternoon': 'PM',
  'lesson.unsupportedYet': '[Viewing this kind of message is not supported]',
} satisfies Catalog<typeof zh>
