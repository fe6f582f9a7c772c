/**
 * Issue 34: the operator's commands speak the operator's language. Each npm script of server/ is
 * run as the package script runs it (tsx on the command's file) against one database of this
 * run's engine, once with no locale at all (zh-CN) and once under LANG=en_US.UTF-8 (English):
 * a usage error, a success and a refusal of each, in both languages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../types/api'
import { buildApp } from '../../server/app'
import { EXPORT_AUTHOR, header, message, writeJsonExport } from '../fixtures/contentExport'
import { sharedTestDatabase } from './engines'
import { LOGIN, ORDER_CREATE, SANDBOX_PAY, post } from './helpers'
import { ENGLISH_LOCALE, NO_LOCALE, runCommand, type Ran } from './operatorLocale'

jest.setTimeout(60_000)

let dir = ''
let database = ''
let app: FastifyInstance

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lesson-operator-'))
  database = await sharedTestDatabase(join(dir, 'ops.sqlite'))
  // demo mode seeds the database: its users, lessons and a seller's waiting withdrawal
  app = await buildApp({ database, staticDir: '/nonexistent-static-dir' })
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

/** `npm run <script> -- …args` in `locale`, on this file's database. */
function command(file: string, args: readonly string[], locale: Readonly<Record<string, string | undefined>>): Promise<Ran> {
  const postgres = database.startsWith('postgres')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVER_MODE: undefined,
    DATABASE_URL: postgres ? database : '',
    DB_PATH: postgres ? '' : database,
    PAYOUT_DIR: join(dir, 'payouts'),
    MEDIA_STORE_DIR: join(dir, 'store'),
    ...locale,
  }
  return runCommand(file, args, env)
}

/** The same command without a locale and under an English one, at once (for what changes nothing). */
async function inBoth(file: string, args: readonly string[]): Promise<{ zh: Ran; en: Ran }> {
  const [zh, en] = await Promise.all([command(file, args, NO_LOCALE), command(file, args, ENGLISH_LOCALE)])
  return { zh, en }
}

/** One after the other (for what changes the database): zh-CN's arguments, then English's. */
async function inTurn(file: string, zhArgs: readonly string[], enArgs: readonly string[] = zhArgs): Promise<{ zh: Ran; en: Ran }> {
  const zh = await command(file, zhArgs, NO_LOCALE)
  const en = await command(file, enArgs, ENGLISH_LOCALE)
  return { zh, en }
}

const noStack = (ran: Ran): void => expect(ran.stderr).not.toMatch(/\n\s+at /)

describe('npm run migrate', () => {
  const MIGRATE = 'server/migrateCommand.ts'

  it('says its usage, that the schema is up to date, and refuses a newer database', async () => {
    const usage = await inBoth(MIGRATE, ['now'])
    expect([usage.zh.code, usage.en.code]).toEqual([1, 1])
    expect(usage.zh.stderr).toBe('用法：npm run migrate（不带参数；数据库取自 DATABASE_URL，否则 DB_PATH）\n')
    expect(usage.en.stderr).toBe('usage: npm run migrate (no arguments; the database is DATABASE_URL, else DB_PATH)\n')

    const done = await inBoth(MIGRATE, [])
    expect(done.zh.stdout).toMatch(/：数据库结构版本 \d+，已是最新\n$/)
    expect(done.en.stdout).toMatch(/: schema version \d+, up to date\n$/)

    // a database a newer server migrated (SQLite keeps the version in its header)
    const newer = join(dir, 'newer.sqlite')
    const Database = (await import('better-sqlite3')).default
    const file = new Database(newer)
    file.pragma('user_version = 9999')
    file.close()
    const refusedZh = await command(MIGRATE, [], { ...NO_LOCALE, DB_PATH: newer, DATABASE_URL: '' })
    const refusedEn = await command(MIGRATE, [], { ...ENGLISH_LOCALE, DB_PATH: newer, DATABASE_URL: '' })
    expect(refusedZh.stderr).toMatch(/^数据库的结构版本是 9999，比这个服务器的 \d+ 新：请部署更新的服务器\n$/)
    expect(refusedEn.stderr).toMatch(/^the database is at schema version 9999, newer than this server's \d+: deploy the newer server\n$/)
    expect([refusedZh.code, refusedEn.code]).toEqual([1, 1])
  })
})

describe('npm run payout', () => {
  const PAYOUT = 'server/money/payoutCommand.ts'

  it('says its usage, what a run did, and refuses a result file it cannot read', async () => {
    const usage = await inBoth(PAYOUT, ['now'])
    expect([usage.zh.code, usage.en.code]).toEqual([2, 2])
    expect(usage.zh.stderr).toBe('用法：npm run payout [-- run | result <结果文件> | file <批次号>]\n')
    expect(usage.en.stderr).toBe('usage: npm run payout [-- run | result <file> | file <batchNo>]\n')

    const run = await inTurn(PAYOUT, ['run'])
    expect([run.zh.code, run.en.code]).toEqual([0, 0])
    expect(run.zh.stdout).toMatch(/^打款：(没有新批次，|批次 PB\w+ 中 )\d+ 笔转账（\d+ 分），\d+ 笔因银行卡失败，\d+ 笔等待卖家电子签约\n/)
    expect(run.en.stdout).toMatch(/^payout: \d+ transfers \(\d+ fen\) in (no batch|PB\w+), \d+ failed on the card, \d+ waiting for the seller's e-signature\n/)

    const bad = join(dir, 'bank-result.csv')
    writeFileSync(bad, 'batch,clearing\r\nPB1,CL1\r\n')
    const refused = await inBoth(PAYOUT, ['result', bad])
    expect([refused.zh.code, refused.en.code]).toEqual([1, 1])
    expect(refused.zh.stderr).toMatch(/^无法读取结果文件，没有处理任何一行：表头必须是 batch_no,clearing_no,/)
    expect(refused.en.stderr).toMatch(/^the result file cannot be read, nothing was applied: the header must be batch_no,clearing_no,/)
    const missing = await inBoth(PAYOUT, ['file', 'PBNOSUCH'])
    expect(missing.zh.stderr).toBe('打款：没有批次 PBNOSUCH\n')
    expect(missing.en.stderr).toBe('payout: no batch PBNOSUCH\n')
    const absent = join(dir, 'no-such-result.csv')
    const unreadable = await inBoth(PAYOUT, ['result', absent])
    expect(unreadable.zh.stderr).toBe(`无法读取 ${absent}（ENOENT）\n`)
    expect(unreadable.en.stderr).toBe(`${absent} cannot be read (ENOENT)\n`)
  })
})

describe('npm run refund', () => {
  const REFUND = 'server/purchase/refundCommand.ts'

  /** wm_buyer buys demo-paid and pays in the sandbox: its order number. */
  async function paidOrder(): Promise<string> {
    const order = await post<ObjectData<{ orderNO: string }>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer })
    expect(order.body.code).toBe(200)
    const { orderNO } = order.body.data.object
    expect((await post(app, SANDBOX_PAY, { orderNO })).body).toMatchObject({ code: 200 })
    return orderNO
  }

  it('says its usage, the refund it asked for, and refuses an order that is not paid', async () => {
    const usage = await inBoth(REFUND, [])
    expect(usage.zh.stderr).toBe('用法：npm run refund -- <订单号> [原因]\n')
    expect(usage.en.stderr).toBe('usage: npm run refund -- <orderNO> [reason]\n')

    // each refund gives the lesson back, so the buyer can buy it again for the English run
    const first = await paidOrder()
    const zh = await command(REFUND, [first], NO_LOCALE)
    const second = await paidOrder()
    const en = await command(REFUND, [second], ENGLISH_LOCALE)
    expect(zh.stdout).toMatch(new RegExp(`^退款：${first} \\S+ [A-Z]+\\n$`))
    expect(en.stdout).toMatch(new RegExp(`^refund: ${second} \\S+ [A-Z]+\\n$`))

    const refused = await inBoth(REFUND, [first])
    expect([refused.zh.code, refused.en.code]).toEqual([1, 1])
    expect(refused.zh.stderr).toBe(`退款：${first} 没有付款（或已经退款）\n`)
    expect(refused.en.stderr).toBe(`refund: ${first} is not paid (or is refunded already)\n`)
  })
})

describe('npm run backup and npm run restore', () => {
  const BACKUP = 'server/ops/backupCommand.ts'

  it('say their usage, what was backed up, and refuse to restore over a database that holds anything', async () => {
    const usage = await inBoth(BACKUP, ['backup', '--replace'])
    expect(usage.zh.stderr).toBe('用法：npm run backup -- [文件]\n      npm run restore -- 文件 [--replace]\n')
    expect(usage.en.stderr).toBe('usage: npm run backup -- [FILE]\n       npm run restore -- FILE [--replace]\n')

    const extension = database.startsWith('postgres') ? 'dump' : 'sqlite'
    const zhBackup = join(dir, `zh.${extension}`)
    const enBackup = join(dir, `en.${extension}`)
    const both = await Promise.all([command(BACKUP, ['backup', zhBackup], NO_LOCALE), command(BACKUP, ['backup', enBackup], ENGLISH_LOCALE)])
    expect(both[0].stdout).toMatch(new RegExp(`^已把 .+（\\d+ 张表，\\d+ 个用户，\\d+ 节课）备份到 ${zhBackup}\\n$`))
    expect(both[1].stdout).toMatch(new RegExp(`^Backed up .+ \\(\\d+ tables, \\d+ users, \\d+ lessons\\) to ${enBackup}\\n$`))
    if (database.startsWith('postgres')) expect(both[0].stdout).toMatch(/^已把 \S+ 上的 PostgreSQL 数据库 t_\w+（/)

    const exists = await inBoth(BACKUP, ['backup', zhBackup])
    expect(exists.zh.stderr).toBe(`${zhBackup} 已经存在：请为备份指定一个新文件\n`)
    expect(exists.en.stderr).toBe(`${zhBackup} exists already: name a new file for the backup\n`)

    const refused = await inBoth(BACKUP, ['restore', zhBackup])
    expect([refused.zh.code, refused.en.code]).toEqual([1, 1])
    expect(refused.zh.stderr).toMatch(/ 不是空的：其中有 \d+ 张表，\d+ 个用户，\d+ 节课。恢复会用备份替换其中的全部内容。.*--replace/)
    expect(refused.en.stderr).toMatch(/ is not empty: it holds \d+ tables, \d+ users, \d+ lessons\. A restore would replace all of it .*--replace/)
    noStack(refused.zh)
  })
})

describe('npm run revoke', () => {
  const REVOKE = 'server/login/revokeCommand.ts'

  it('says its usage, how many logins ended, and refuses a user who does not exist', async () => {
    const usage = await inBoth(REVOKE, [])
    expect(usage.zh.stderr).toBe('用法：npm run revoke -- <wmid> [<wmid>…]\n')
    expect(usage.en.stderr).toBe('usage: npm run revoke -- <wmid> [<wmid>…]\n')
    const done = await inTurn(REVOKE, ['wm_visitor'])
    expect(done.zh.stdout).toMatch(/^撤销登录：wm_visitor：结束了 \d+ 个登录\n$/)
    expect(done.en.stdout).toBe('revoke: wm_visitor: 0 logins ended\n')
    const refused = await inBoth(REVOKE, ['wm_nobody'])
    expect(refused.zh.stderr).toBe('撤销登录：没有用户 wm_nobody\n')
    expect(refused.en.stderr).toBe('revoke: no user wm_nobody\n')
  })
})

describe('npm run import', () => {
  const IMPORT = 'server/content/importCommand.ts'

  it('says its usage, its progress and what it imported, and refuses an export in the refusal texts of the format', async () => {
    const usage = await inBoth(IMPORT, ['--paid', 'lots'])
    expect(usage.zh.stderr).toBe('--paid 需要以元为单位的金额，例如 9.90（收到的是 "lots"）\n')
    expect(usage.en.stderr).toBe('--paid takes an amount in yuan such as 9.90 (got "lots")\n')
    const bare = await inBoth(IMPORT, [])
    expect(bare.zh.stderr).toMatch(/^用法：npm run import -- <export\.json\|export\.jsonl> --author <wmid> \[--open \| --password <密码>/)
    expect(bare.en.stderr).toMatch(/^usage: npm run import -- <export\.json\|export\.jsonl> --author <wmid> \[--open \| --password <text>/)

    const zhFile = writeJsonExport(header({ exportId: 'operator-zh' }), [message(1, 1000, { content: '你好' })], mkdtempSync(join(dir, 'zh-')))
    const enFile = writeJsonExport(header({ exportId: 'operator-en' }), [message(1, 1000, { content: 'hello' })], mkdtempSync(join(dir, 'en-')))
    const done = await inTurn(IMPORT, [zhFile, '--author', EXPORT_AUTHOR], [enFile, '--author', EXPORT_AUTHOR])
    expect(done.zh.stdout).toMatch(/^已导入课程 (\S+)：1 条消息，\d+ 个媒体文件，用时 \d+ 毫秒\n链接：\/lesson\?courseData=\1\n$/)
    expect(done.en.stdout).toMatch(/^imported lesson (\S+): 1 messages, \d+ media files, \d+ ms\nlink: \/lesson\?courseData=\1\n$/)
    expect(done.zh.stderr).toMatch(/^写入 .*1\/1$/m)
    expect(done.en.stderr).toMatch(/^write .*1\/1$/m)

    const hostile = writeJsonExport(header({ exportId: 'operator-bad' }), [message(1, 1002, { url: '../secret.mp3', duration: 1 })], mkdtempSync(join(dir, 'bad-')))
    const refused = await inBoth(IMPORT, [hostile, '--author', EXPORT_AUTHOR])
    expect([refused.zh.code, refused.en.code]).toEqual([1, 1])
    expect(refused.zh.stderr).toMatch(/^导出文件被拒绝，没有写入任何内容：消息 messages\[0\]（消息 msgId "m-1"）的字段 obj\.url：[\u4e00-\u9fff]/)
    expect(refused.en.stderr).toMatch(/^the export is refused, nothing was written: messages\[0\] \(msgId "m-1"\), field obj\.url: [a-z]/)
    noStack(refused.zh)

    // a setting of the media store the command cannot use
    const settings = { MEDIA_PUBLIC_BASE: 'ftp://media.example.com' }
    const [zhBase, enBase] = await Promise.all([
      command(IMPORT, [hostile, '--author', EXPORT_AUTHOR], { ...NO_LOCALE, ...settings }),
      command(IMPORT, [hostile, '--author', EXPORT_AUTHOR], { ...ENGLISH_LOCALE, ...settings }),
    ])
    expect(zhBase.stderr).toBe('MEDIA_PUBLIC_BASE 必须是 https 地址或 /media/ 下的路径（收到的是 ftp://media.example.com）\n')
    expect(enBase.stderr).toBe('MEDIA_PUBLIC_BASE must be an https URL or a path under /media/ (got ftp://media.example.com)\n')
  })
})

describe('npm run author-token', () => {
  const TOKEN = 'server/content/authorTokenCommand.ts'

  it('says its usage, the key it issued, and refuses a key that is not in use', async () => {
    const usage = await inBoth(TOKEN, ['issue'])
    expect(usage.zh.stderr).toBe('用法：npm run author-token -- issue <wmid> | revoke <keyId> | list <wmid>\n')
    expect(usage.en.stderr).toBe('usage: npm run author-token -- issue <wmid> | revoke <keyId> | list <wmid>\n')
    const issued = await inBoth(TOKEN, ['issue', 'wm_teacher'])
    expect(issued.zh.stdout).toMatch(/^已为 wm_teacher 签发密钥 (k[\w-]+)；它的令牌（只显示这一次）：\n\1\.\S+\n$/)
    expect(issued.en.stdout).toMatch(/^key (k[\w-]+) for wm_teacher; its token \(shown only now\):\n\1\.\S+\n$/)
    const refused = await inBoth(TOKEN, ['revoke', 'knosuchkey'])
    expect(refused.zh.stderr).toBe('没有使用中的密钥 knosuchkey\n')
    expect(refused.en.stderr).toBe('no key knosuchkey in use\n')
    const stranger = await inBoth(TOKEN, ['issue', 'wm_nobody'])
    expect(stranger.zh.stderr).toMatch(/^wm_nobody 不是这个数据库的用户/)
    expect(stranger.en.stderr).toMatch(/^wm_nobody is not a user of this database/)
    noStack(stranger.zh)
  })
})

describe('npm run lesson', () => {
  const LESSON = 'server/content/lessonCommand.ts'

  it("says its usage, what it changed, and refuses a lesson that does not exist or a file that is no JSON", async () => {
    const usage = await inBoth(LESSON, ['illegal', 'demo-paid', 'maybe'])
    expect(usage.zh.stderr).toMatch(/^用法：npm run lesson -- settings <courseData> \[--open \| --password <密码>.*\n {6}npm run lesson -- delete <courseData>\n/)
    expect(usage.en.stderr).toMatch(/^usage: npm run lesson -- settings <courseData> \[--open \| --password <text>.*\n {7}npm run lesson -- delete <courseData>\n/)
    const limited = await inTurn(LESSON, ['view-limit', 'demo-paid', '50'], ['view-limit', 'demo-paid', 'none'])
    expect(limited.zh.stdout).toBe('课程 demo-paid：观看次数上限 50\n')
    expect(limited.en.stdout).toBe('lesson demo-paid: view limit none\n')
    const refused = await inBoth(LESSON, ['delete', 'no-such-lesson'])
    expect(refused.zh.stderr).toBe('没有课程 no-such-lesson\n')
    expect(refused.en.stderr).toBe('no lesson no-such-lesson\n')
    const notJson = join(dir, 'live.json')
    writeFileSync(notJson, '{ "liveId": ')
    const broken = await inBoth(LESSON, ['live', notJson, '--author', 'wm_teacher'])
    expect(broken.zh.stderr).toMatch(new RegExp(`^${notJson} 不是有效的 JSON（.+）\\n$`))
    expect(broken.en.stderr).toMatch(new RegExp(`^${notJson} is not valid JSON \\(.+\\)\\n$`))
  })
})
