import type { Catalog } from './catalog'
import type zh from '../zh-CN/message'

export default {
  'msg.type.text': 'Text',
  'msg.type.image': 'Image',
  'msg.type.voice': 'Voice',
  'msg.type.video': 'Video',
  'msg.type.face': 'Sticker',
  'msg.type.contactCard': 'Contact card',
  'msg.type.location': 'Location',
  'msg.type.signIn': 'Sign-in',
  'msg.type.material': 'Material',
  'msg.type.web': 'Web page',
  'msg.type.customFace': 'Custom sticker',
  'msg.type.chatRecord': 'Chat record',
  'msg.type.complaint': 'Complaint',
  'msg.type.groupInvite': 'Group invitation',
  'msg.type.file': 'File',
  'msg.type.notification': 'Notification',
  'msg.type.hiddenNotification': 'Notification',
  'msg.type.reply': 'Reply',
  'msg.type.nativeHello': 'Hello',
  'msg.type.unknown': 'Viewing this message is not supported',
  'msg.placeholder': '[{label}]',
} satisfies Catalog<typeof zh>
