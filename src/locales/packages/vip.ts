/** The strings of the VIP campaign pages (vip subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/vip'
import zh from '../zh-CN/vip'

addStrings({ 'zh-CN': zh, en })
