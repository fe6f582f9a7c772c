/** The launcher's labels: kept out of the main catalogue, added by the launcher page when it loads. */
import { addStrings } from '.'
import en from './en/launcher'
import zh from './zh-CN/launcher'

addStrings({ 'zh-CN': zh, en })
