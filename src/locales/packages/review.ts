/** The strings of the admin and complaint viewers (misc subpackage): imported for its effect by the screen that shows them. */
import { addStrings } from '..'
import en from '../en/review'
import zh from '../zh-CN/review'

addStrings({ 'zh-CN': zh, en })
