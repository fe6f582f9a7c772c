/** The strings of the chat room's moderation and of what the room tells its members (live subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/moderation'
import zh from '../zh-CN/moderation'

addStrings({ 'zh-CN': zh, en })
