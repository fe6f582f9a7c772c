/** The strings of the income, withdrawal and bank card pages (money subpackage): imported for its effect by the screens that show them. */
import { addStrings } from '..'
import en from '../en/money'
import zh from '../zh-CN/money'

addStrings({ 'zh-CN': zh, en })
