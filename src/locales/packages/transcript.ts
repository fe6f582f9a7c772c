/** The transcript page's strings (misc subpackage): imported for its effect by the screen that shows them. */
import { addStrings } from '..'
import en from '../en/transcript'
import zh from '../zh-CN/transcript'

addStrings({ 'zh-CN': zh, en })
