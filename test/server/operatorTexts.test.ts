/**
 * Issue 34: what the operator's commands and the server's start print for a person comes from one
 * catalogue (server/core/operatorTexts.ts), in zh-CN and in English, in the operator's language
 * (server/core/operatorLanguage.ts: LC_ALL, then LC_MESSAGES, then LANG).
 */
import { operatorLanguage } from '../../server/core/operatorLanguage'
import {
  OPERATOR_KEYS,
  OperatorRefusal,
  SETTING_NAMES,
  failureText,
  operatorSaid,
  operatorTemplates,
  operatorText,
  settingLine,
  settingTemplates,
} from '../../server/core/operatorTexts'

const places = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort()
const CHINESE = /[\u4e00-\u9fff]/
/** texts of layout only, with no words to translate */
const LAYOUT = new Set(['listLine'])

describe("the operator's texts (core/operatorTexts.ts)", () => {
  it.each(OPERATOR_KEYS)('%s is written in Chinese and in English, with the same places to fill', (key) => {
    const { 'zh-CN': zh, en } = operatorTemplates(key)
    if (!LAYOUT.has(key)) expect(zh).toMatch(CHINESE)
    expect(en).not.toBe('')
    expect(places(zh)).toEqual(places(en))
  })

  it.each(SETTING_NAMES)('what %s is, is said in Chinese and in English', (name) => {
    const { 'zh-CN': zh, en } = settingTemplates(name)
    expect(zh).toMatch(CHINESE)
    expect(en).toMatch(/^[a-z]/)
    expect(places(zh)).toEqual(places(en))
  })

  it('fills a place with a value, a text or a list of texts in the same language, and leaves an unknown place as written', () => {
    const contents = operatorSaid('contentsTables', { tables: 3, users: operatorSaid('contentsUsers', { n: 5 }), lessons: '' })
    expect(operatorText('backupDone', 'zh-CN', { location: '/srv/db.sqlite', contents, file: '/b/x.sqlite' })).toBe('已把 /srv/db.sqlite（3 张表，5 个用户）备份到 /b/x.sqlite')
    expect(operatorText('backupDone', 'en', { location: '/srv/db.sqlite', contents, file: '/b/x.sqlite' })).toBe('Backed up /srv/db.sqlite (3 tables, 5 users) to /b/x.sqlite')
    const lines = [settingLine('NIM_APP_KEY'), settingLine('NIM_APP_SECRET')]
    expect(operatorText('startupSettingsMissing', 'en', { lines })).toMatch(/^The server needs .*:\n {2}NIM_APP_KEY: the NetEase IM application's App Key .*\n {2}NIM_APP_SECRET: its App Secret/)
    expect(operatorText('startupSettingsMissing', 'zh-CN', { lines })).toMatch(/^服务器需要以下环境变量.*\n {2}NIM_APP_KEY：网易云信应用的 App Key.*\n {2}NIM_APP_SECRET：它的 App Secret/)
    expect(operatorText('payoutWrote', 'en')).toBe('wrote {file}')
  })

  it('a refusal keeps its English message and says itself in either language; anything else is a bug with its stack', () => {
    const refusal = new OperatorRefusal('revokeNoUser', { wmid: 'wm_x' })
    expect(refusal.message).toBe('revoke: no user wm_x')
    expect(failureText(refusal, 'zh-CN')).toBe('撤销登录：没有用户 wm_x')
    expect(failureText(refusal, 'en')).toBe('revoke: no user wm_x')
    const bug = new TypeError('x is undefined')
    expect(failureText(bug, 'zh-CN')).toMatch(/^意外错误（程序的缺陷）.*\nTypeError: x is undefined\n\s+at /)
    expect(failureText(bug, 'en')).toMatch(/^unexpected error \(a bug\).*\nTypeError: x is undefined\n\s+at /)
    expect(failureText('thrown text', 'en')).toBe('unexpected error (a bug): please report what follows to the developers\nthrown text')
  })
})

describe("the operator's language (core/operatorLanguage.ts)", () => {
  it.each([
    [{}, 'zh-CN'],
    [{ LANG: '' }, 'zh-CN'],
    [{ LANG: '   ' }, 'zh-CN'],
    [{ LANG: 'C' }, 'zh-CN'],
    [{ LANG: 'C.UTF-8' }, 'zh-CN'],
    [{ LANG: 'POSIX' }, 'zh-CN'],
    [{ LANG: 'zh_CN.UTF-8' }, 'zh-CN'],
    [{ LANG: 'fr_FR.UTF-8' }, 'zh-CN'],
    [{ LANG: 'en' }, 'en'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'EN_gb' }, 'en'],
    [{ LANG: 'en-US' }, 'en'],
    [{ LANG: 'en@euro' }, 'en'],
    // not the ISO 639 code: no English
    [{ LANG: 'english' }, 'zh-CN'],
    [{ LANG: 'eng' }, 'zh-CN'],
    [{ LANG: 'enx_US' }, 'zh-CN'],
    [{ LANG: '../en_US' }, 'zh-CN'],
    // the first one set decides, as for any command-line tool
    [{ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' }, 'zh-CN'],
    [{ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' }, 'en'],
    [{ LC_MESSAGES: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' }, 'en'],
    [{ LC_ALL: '', LC_MESSAGES: 'C', LANG: 'en_US.UTF-8' }, 'zh-CN'],
    [{ LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANGUAGE: 'en', LANG: 'zh_CN.UTF-8' }, 'zh-CN'],
  ])('reads %j as %s', (env, language) => {
    expect(operatorLanguage(env)).toBe(language)
  })
})
