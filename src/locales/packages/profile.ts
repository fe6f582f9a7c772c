/** The strings of /profile (misc subpackage) and of the income summary the money pages share with it: imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/profile'
import zh from '../zh-CN/profile'

addStrings({ 'zh-CN': zh, en })
