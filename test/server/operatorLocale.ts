/**
 * The operator's locale for a spawned command or server (server/core/operatorLanguage.ts): the
 * tests name it, whatever the machine running them has set.
 */
/** No locale at all (each variable unset): the commands speak zh-CN. */
export const NO_LOCALE = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: undefined }
/** An English operator (LC_ALL and LC_MESSAGES empty, so LANG decides): the commands speak English. */
export const ENGLISH_LOCALE: Readonly<Record<string, string>> = { LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' }
