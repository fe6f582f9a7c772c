/** The strings of the live pages (live subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/live'
import zh from '../zh-CN/live'

addStrings({ 'zh-CN': zh, en })
