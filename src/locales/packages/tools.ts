/** The strings of the speech and test pages (misc subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/tools'
import zh from '../zh-CN/tools'

addStrings({ 'zh-CN': zh, en })
