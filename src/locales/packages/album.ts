/** The strings of the course album, the sticker guide and the redirect page (misc subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/album'
import zh from '../zh-CN/album'

addStrings({ 'zh-CN': zh, en })
