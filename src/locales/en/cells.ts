import type { Catalog } from './catalog'
import type zh from '../zh-CN/cells'

export default {
  'cells.menu.copy': 'Copy',
  'cells.image.save': 'Save image',
  'cells.image.saved': 'Saved to album',
  'cells.image.saveFailed': 'Could not save',
  'cells.file.openInApp': 'Please open it in the app',
  'cells.contactCard.label': 'Contact card',
  'cells.location.label': 'Location',
  'cells.signIn.default': 'Signed in',
  'cells.material.circle': 'Moments',
  'cells.material.groupSpace': 'Group space',
  'cells.material.total': '{count} photos',
  'cells.web.label': 'Web link',
  'cells.chatRecord.label': 'Chat record',
  'cells.link.copied': 'Link copied, open it in a browser',
  'cells.complaint.default': 'Complaint',
  'cells.complaint.label': 'Complaint',
  'cells.groupInvite.title': 'Invites you to join the group',
  'cells.groupInvite.defaultName': 'Group chat',
  'cells.nativeHello.default': 'Said hello',
  'cells.reply.quote': '{nickname}: ',
  'circle.fullText': 'Full text',
  'circle.collapse': 'Collapse',
  'circle.badData': 'This post cannot be opened: the link is incomplete',
  'circle.defaultNickname': 'App user',
} satisfies Catalog<typeof zh>
