/**
 * Lesson messages: the model, the parser and the helpers the cells and the player use.
 * Implementation lives in ./message/; import from here.
 */
export {
  MsgType,
  isMsgType,
  MSG_TYPE_LABEL_KEYS,
  MESSAGE_LABEL_KEYS,
  UNKNOWN_MSG_TYPE_LABEL_KEY,
  msgTypeLabelKey,
} from './message/types'
export type {
  ChatRecordMessage,
  CircleDetailData,
  CircleMedia,
  CircleMediaItem,
  CircleUser,
  ComplaintMessage,
  ContactCardMessage,
  CustomFaceMessage,
  FaceMessage,
  FileMessage,
  GroupInviteMessage,
  HiddenMessage,
  ImageMessage,
  LessonMessage,
  LocationMessage,
  MaterialMessage,
  MaterialType,
  MessageBase,
  MessageBody,
  MessageKind,
  MessageLabelKey,
  MessageSender,
  NativeHelloMessage,
  NotificationMessage,
  ReplyMessage,
  SignInMessage,
  Size,
  TextMessage,
  UnsupportedMessage,
  VideoMessage,
  VoiceMessage,
  WebMessage,
} from './message/types'
export { parseMessage, MAX_QUOTE_DEPTH, OLD_VOICE_OBJECT_NAME } from './message/parse'
export { isRenderable } from './message/renderable'
export { safeUrl, joinUrl, videoPosterUrl, POSTER_OFFSET_SECONDS } from './message/url'
export { buildCircleMedia, circleMediaOf, readCircleData, CIRCLE_MEDIA_TYPE_PICTURES } from './message/circle'
export { isPlayableVoice, voiceMessages, type VoiceTrack } from './message/voice'
export {
  fileExtensionOf,
  fileIcon,
  fileKind,
  fileOpenAction,
  normalizeFileExtension,
  onlineViewerUrl,
  OFFICE_VIEWER_URL,
  type FileIcon,
  type FileKind,
  type FileOpenAction,
} from './message/file'
