/**
 * The language of the operator at a terminal (the npm scripts of server/ and the server's start),
 * read from the environment as command-line tools read it: the first of LC_ALL, LC_MESSAGES and
 * LANG that is set to something other than blanks. English when that locale's language is `en`
 * (`en`, `en_US.UTF-8`, `EN_gb`, `en-US`, `en@euro`); zh-CN for anything else and for nothing:
 * `C` and `POSIX` name no language, and names that are not the ISO 639 code (`english`, `eng`)
 * are not read as English either. LANGUAGE (GNU gettext's list) is not read.
 */
import type { Language } from './messages'

/** Environment variables, as process.env has them. */
type Environment = Readonly<Record<string, string | undefined>>

const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const

export function operatorLanguage(env: Environment): Language {
  const locale = LOCALE_VARIABLES.map((name) => env[name]?.trim() ?? '').find((value) => value !== '') ?? ''
  // language[_territory][.codeset][@modifier], or a BCP 47 tag (en-US)
  const language = locale.split(/[_.@-]/)[0].toLowerCase()
  return language === 'en' ? 'en' : 'zh-CN'
}
