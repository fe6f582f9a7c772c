/** The strings of the invite, share and download pages (invite subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/invite'
import zh from '../zh-CN/invite'

addStrings({ 'zh-CN': zh, en })
