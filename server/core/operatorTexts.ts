/**
 * What the operator's commands (the npm scripts of server/) and the server's start print for a
 * person, in the operator's language (core/operatorLanguage.ts): zh-CN by default, English under
 * an en locale. One catalogue, both languages for every key, `{name}` places filled as in
 * core/messages.ts; a place may hold another text of this catalogue (said in the same language)
 * or a list of them (one per line). Paths, keys, tokens, JSON and engine names go in as they are.
 * Structured request logs are not here: machines read them.
 */
import { fillPlaces, type Language } from './messages'

const TEXTS = {
  // every command
  unexpected: {
    'zh-CN': '意外错误（程序的缺陷）：请把下面的内容报告给开发者',
    en: 'unexpected error (a bug): please report what follows to the developers',
  },
  listLine: { 'zh-CN': '  {name}：{what}', en: '  {name}: {what}' },
  fileUnreadable: { 'zh-CN': '无法读取 {file}（{detail}）', en: '{file} cannot be read ({detail})' },

  // npm run migrate (server/migrateCommand.ts) and every start (core/migrate.ts)
  migrateUsage: {
    'zh-CN': '用法：npm run migrate（不带参数；数据库取自 DATABASE_URL，否则 DB_PATH）',
    en: 'usage: npm run migrate (no arguments; the database is DATABASE_URL, else DB_PATH)',
  },
  migrateUpToDate: { 'zh-CN': '{where}：数据库结构版本 {to}，已是最新', en: '{where}: schema version {to}, up to date' },
  migrateDone: { 'zh-CN': '{where}：数据库结构版本 {from} -> {to}', en: '{where}: schema version {from} -> {to}' },
  migrateNewerSchema: {
    'zh-CN': '数据库的结构版本是 {from}，比这个服务器的 {latest} 新：请部署更新的服务器',
    en: "the database is at schema version {from}, newer than this server's {latest}: deploy the newer server",
  },
  migrateStepMissing: { 'zh-CN': '数据库结构版本 {version} 没有迁移步骤', en: 'schema version {version} has no migration' },

  // npm run payout (server/money/payoutCommand.ts, bankFiles.ts)
  payoutUsage: {
    'zh-CN': '用法：npm run payout [-- run | result <结果文件> | file <批次号>]',
    en: 'usage: npm run payout [-- run | result <file> | file <batchNo>]',
  },
  payoutBusy: {
    'zh-CN': '打款：另一台服务器正在打款，请等它完成后再试',
    en: 'payout: another node is running the payout now; try again when it is done',
  },
  payoutRan: {
    'zh-CN': '打款：{batch}{sent} 笔转账（{totalFen} 分），{failedOnCard} 笔因银行卡失败，{awaitingSignature} 笔等待卖家电子签约',
    en: "payout: {sent} transfers ({totalFen} fen) in {batch}, {failedOnCard} failed on the card, {awaitingSignature} waiting for the seller's e-signature",
  },
  payoutInBatch: { 'zh-CN': '批次 {batchNO} 中 ', en: '{batchNO}' },
  payoutNoBatch: { 'zh-CN': '没有新批次，', en: 'no batch' },
  payoutScheduled: {
    'zh-CN': '{week} 的打款：{batch}{sent} 笔转账（{totalFen} 分），{failedOnCard} 笔因银行卡失败，{awaitingSignature} 笔等待卖家电子签约{files}',
    en: "payout {week}: {sent} transfers ({totalFen} fen) in {batch}, {failedOnCard} failed on the card, {awaitingSignature} waiting for the seller's e-signature{files}",
  },
  payoutScheduledFailed: { 'zh-CN': '每周打款没有完成：{detail}', en: 'payout run failed: {detail}' },
  payoutScheduledFiles: { 'zh-CN': '；已写入 {files}', en: '; wrote {files}' },
  payoutWrote: { 'zh-CN': '已写入 {file}', en: 'wrote {file}' },
  payoutRow: { 'zh-CN': '第 {line} 行 {clearingNO}：{effect}', en: 'line {line} {clearingNO}: {effect}' },
  payoutRowAlready: { 'zh-CN': '之前已处理', en: 'applied before' },
  payoutRowUnknown: { 'zh-CN': '没有这笔结算', en: 'unknown' },
  payoutRowAmountMismatch: { 'zh-CN': '金额与结算不符', en: 'another amount' },
  payoutResult: {
    'zh-CN': '结果：{paid} 笔已付，{failed} 笔失败，{already} 笔之前已处理，{unknown} 笔不存在，{amountMismatch} 笔金额不符',
    en: 'result: {paid} paid, {failed} failed, {already} applied before, {unknown} unknown, {amountMismatch} with another amount',
  },
  payoutNoSuchBatch: { 'zh-CN': '打款：没有批次 {batchNO}', en: 'payout: no batch {batchNO}' },
  payoutResultUnreadable: {
    'zh-CN': '无法读取结果文件，没有处理任何一行：{reason}',
    en: 'the result file cannot be read, nothing was applied: {reason}',
  },
  bankQuoteOpen: { 'zh-CN': '有一个带引号的字段没有结束', en: 'a quoted field is not closed' },
  bankHeader: { 'zh-CN': '表头必须是 {header}', en: 'the header must be {header}' },
  bankFieldCount: { 'zh-CN': '第 {line} 行：应有 {expected} 个字段，实际 {found} 个', en: 'line {line}: {expected} fields expected, found {found}' },
  bankNamesRequired: { 'zh-CN': '第 {line} 行：batch_no 和 clearing_no 不能为空', en: 'line {line}: batch_no and clearing_no are required' },
  bankNamedTwice: { 'zh-CN': '第 {line} 行：结算 {clearingNO} 出现了两次', en: 'line {line}: clearing {clearingNO} is named twice' },
  bankWholeFen: { 'zh-CN': '第 {line} 行：amount_fen 必须是整数分', en: 'line {line}: amount_fen must be whole fen' },
  bankStatus: { 'zh-CN': '第 {line} 行：status 必须是 1（已付）或 2（失败）', en: 'line {line}: status must be 1 (paid) or 2 (failed)' },
  bankReasonCode: { 'zh-CN': '第 {line} 行：失败的行需要 reason_code', en: 'line {line}: a failed row needs its reason_code' },

  // npm run refund (server/purchase/refundCommand.ts)
  refundUsage: { 'zh-CN': '用法：npm run refund -- <订单号> [原因]', en: 'usage: npm run refund -- <orderNO> [reason]' },
  refundNotPaid: { 'zh-CN': '退款：{orderNO} 没有付款（或已经退款）', en: 'refund: {orderNO} is not paid (or is refunded already)' },
  refundNoOrder: { 'zh-CN': '退款：{orderNO} 不是课程或直播的订单', en: 'refund: {orderNO} is no lesson or live order' },
  refundDone: { 'zh-CN': '退款：{orderNO} {refundId} {status}', en: 'refund: {orderNO} {refundId} {status}' },

  // npm run backup / restore (server/ops/backupCommand.ts, backup.ts)
  backupUsage: {
    'zh-CN': '用法：npm run backup -- [文件]\n      npm run restore -- 文件 [--replace]',
    en: 'usage: npm run backup -- [FILE]\n       npm run restore -- FILE [--replace]',
  },
  restoreNeedsFile: { 'zh-CN': '请指定要恢复的备份\n{usage}', en: 'name the backup to restore\n{usage}' },
  backupDone: { 'zh-CN': '已把 {location}（{contents}）备份到 {file}', en: 'Backed up {location} ({contents}) to {file}' },
  restoreDone: { 'zh-CN': '已把 {file} 恢复到 {location}：其中有 {contents}', en: 'Restored {file} into {location}: it holds {contents}' },
  contentsTables: { 'zh-CN': '{tables} 张表{users}{lessons}', en: '{tables} tables{users}{lessons}' },
  contentsUsers: { 'zh-CN': '，{n} 个用户', en: ', {n} users' },
  contentsLessons: { 'zh-CN': '，{n} 节课', en: ', {n} lessons' },
  postgresLocation: { 'zh-CN': '{host} 上的 PostgreSQL 数据库 {name}', en: 'PostgreSQL database {name} on {host}' },
  backupToolMissing: {
    'zh-CN': '没有安装 {tool}：请安装 PostgreSQL 客户端（apt-get install postgresql-client）',
    en: '{tool} is not installed: install the PostgreSQL client (apt-get install postgresql-client)',
  },
  backupToolFailed: { 'zh-CN': '{tool} 失败（退出码 {code}）：\n{output}', en: '{tool} failed (exit {code}):\n{output}' },
  backupFileExists: { 'zh-CN': '{file} 已经存在：请为备份指定一个新文件', en: '{file} exists already: name a new file for the backup' },
  backupNoDatabase: { 'zh-CN': '{location} 没有数据库：请检查 DB_PATH', en: 'there is no database at {location}: check DB_PATH' },
  restoreNoBackup: { 'zh-CN': '{file} 没有备份', en: 'there is no backup at {file}' },
  restoreNotPostgres: {
    'zh-CN': '{file} 不是 npm run backup 做的 PostgreSQL 备份（pg_dump 的 custom 格式）',
    en: "{file} is not a PostgreSQL backup made by npm run backup (pg_dump's custom format)",
  },
  restoreNotSqlite: {
    'zh-CN': '{file} 不是 npm run backup 做的 SQLite 备份，或者已经损坏',
    en: '{file} is not a SQLite backup made by npm run backup, or it is damaged',
  },
  restoreNotEmpty: {
    'zh-CN':
      '{location} 不是空的：其中有 {contents}。恢复会用备份替换其中的全部内容。请恢复到一个新的空数据库，' +
      '或者先停止使用这个数据库的每一台服务器，再加上 --replace 重新运行恢复。',
    en:
      '{location} is not empty: it holds {contents}. A restore would replace all of it with the backup. ' +
      'Restore into a new, empty database, or stop every server using this one and run the restore again with --replace.',
  },

  // npm run revoke (server/login/revokeCommand.ts)
  revokeUsage: { 'zh-CN': '用法：npm run revoke -- <wmid> [<wmid>…]', en: 'usage: npm run revoke -- <wmid> [<wmid>…]' },
  revokeNoUser: { 'zh-CN': '撤销登录：没有用户 {wmid}', en: 'revoke: no user {wmid}' },
  revokeDone: { 'zh-CN': '撤销登录：{wmid}：结束了 {count} 个登录', en: 'revoke: {wmid}: {count} logins ended' },

  // npm run import (server/content/importCommand.ts, arguments.ts)
  importUsage: {
    'zh-CN':
      '用法：npm run import -- <export.json|export.jsonl> --author <wmid> [--open | --password <密码> | --paid <元>] [--free <条数>] [--share-reward <元>] [--title <标题>]',
    en: 'usage: npm run import -- <export.json|export.jsonl> --author <wmid> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]',
  },
  optionNeedsValue: { 'zh-CN': '{option} 后面需要一个值', en: '{option} needs a value' },
  optionYuan: { 'zh-CN': '{option} 需要以元为单位的金额，例如 9.90（收到的是 {got}）', en: '{option} takes an amount in yuan such as 9.90 (got {got})' },
  optionFree: { 'zh-CN': '--free 需要消息的条数（收到的是 {got}）', en: '--free takes a number of messages (got {got})' },
  optionUnknown: { 'zh-CN': '没有这个选项：{option}', en: 'unknown option {option}' },
  optionOneAccess: {
    'zh-CN': '--open、--password 和 --paid 只能选一个（收到的是 {given}）',
    en: 'choose one of --open, --password and --paid (got {given})',
  },
  importPhaseCheck: { 'zh-CN': '检查', en: 'check' },
  importPhaseMedia: { 'zh-CN': '媒体', en: 'media' },
  importPhaseWrite: { 'zh-CN': '写入', en: 'write' },
  mediaPublicBase: {
    'zh-CN': 'MEDIA_PUBLIC_BASE 必须是 https 地址或 /media/ 下的路径（收到的是 {value}）',
    en: 'MEDIA_PUBLIC_BASE must be an https URL or a path under /media/ (got {value})',
  },
  mediaMaxBytes: { 'zh-CN': 'MEDIA_MAX_BYTES 必须是正整数字节数（收到的是 {value}）', en: 'MEDIA_MAX_BYTES must be a positive number of bytes (got {value})' },
  importCreated: {
    'zh-CN': '已导入课程 {courseData}：{messages} 条消息，{mediaFiles} 个媒体文件，用时 {ms} 毫秒\n链接：{link}',
    en: 'imported lesson {courseData}: {messages} messages, {mediaFiles} media files, {ms} ms\nlink: {link}',
  },
  importUpdated: {
    'zh-CN': '已更新课程 {courseData}：{messages} 条消息，{mediaFiles} 个媒体文件，用时 {ms} 毫秒\n链接：{link}',
    en: 'updated lesson {courseData}: {messages} messages, {mediaFiles} media files, {ms} ms\nlink: {link}',
  },
  importRefused: { 'zh-CN': '导出文件被拒绝，没有写入任何内容：{refusal}', en: 'the export is refused, nothing was written: {refusal}' },

  // npm run author-token (server/content/authorTokenCommand.ts)
  authorTokenUsage: {
    'zh-CN': '用法：npm run author-token -- issue <wmid> | revoke <keyId> | list <wmid>',
    en: 'usage: npm run author-token -- issue <wmid> | revoke <keyId> | list <wmid>',
  },
  authorTokenIssued: {
    'zh-CN': '已为 {wmid} 签发密钥 {keyId}；它的令牌（只显示这一次）：\n{token}',
    en: 'key {keyId} for {wmid}; its token (shown only now):\n{token}',
  },
  authorTokenNoUser: {
    'zh-CN': '{wmid} 不是这个数据库的用户（作者登录一次，或用 --author 导入一次，就会成为用户）',
    en: '{wmid} is not a user of this database (an author logs in once, or an import with --author creates them)',
  },
  authorTokenRevoked: { 'zh-CN': '密钥 {keyId} 已撤销', en: 'key {keyId} revoked' },
  authorTokenNoKey: { 'zh-CN': '没有使用中的密钥 {keyId}', en: 'no key {keyId} in use' },
  authorTokenListed: { 'zh-CN': '{keyId}  签发于 {issued}{revoked}', en: '{keyId}  issued {issued}{revoked}' },
  authorTokenListedRevoked: { 'zh-CN': '  撤销于 {at}', en: '  revoked {at}' },

  // npm run lesson (server/content/lessonCommand.ts)
  lessonUsage: {
    'zh-CN':
      '用法：npm run lesson -- settings <courseData> [--open | --password <密码> | --paid <元>] [--free <条数>] [--share-reward <元>] [--title <标题>]\n' +
      '      npm run lesson -- delete <courseData>\n' +
      '      npm run lesson -- illegal <courseData> on|off\n' +
      '      npm run lesson -- view-limit <courseData> <次数>|none\n' +
      '      npm run lesson -- album|live|group|invite|vip-group <file.json> --author <wmid>\n' +
      '      npm run lesson -- vip-campaign <file.json>',
    en:
      'usage: npm run lesson -- settings <courseData> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]\n' +
      '       npm run lesson -- delete <courseData>\n' +
      '       npm run lesson -- illegal <courseData> on|off\n' +
      '       npm run lesson -- view-limit <courseData> <views>|none\n' +
      '       npm run lesson -- album|live|group|invite|vip-group <file.json> --author <wmid>\n' +
      '       npm run lesson -- vip-campaign <file.json>',
  },
  lessonFileNotJson: { 'zh-CN': '{file} 不是有效的 JSON（{detail}）', en: '{file} is not valid JSON ({detail})' },
  lessonRecordSaved: { 'zh-CN': '{kind} 已保存：{record}', en: '{kind}: {record}' },
  lessonSettingsSaved: { 'zh-CN': '课程 {courseData} 的设置：{access}', en: 'lesson {courseData}: {access}' },
  lessonDeleted: { 'zh-CN': '课程 {courseData} 已删除', en: 'lesson {courseData} deleted' },
  lessonIllegalOn: { 'zh-CN': '课程 {courseData}：已标记为违规（illegal on）', en: 'lesson {courseData}: illegal on' },
  lessonIllegalOff: { 'zh-CN': '课程 {courseData}：已取消违规标记（illegal off）', en: 'lesson {courseData}: illegal off' },
  lessonViewLimit: { 'zh-CN': '课程 {courseData}：观看次数上限 {limit}', en: 'lesson {courseData}: view limit {limit}' },
  lessonNoViewLimit: { 'zh-CN': '课程 {courseData}：不限观看次数', en: 'lesson {courseData}: view limit none' },

  // the server's start (server/index.ts, cluster.ts, app.ts and the settings they read)
  startupWechatOption: {
    'zh-CN': '生产模式需要微信的凭证（wechat）',
    en: 'production mode needs the WeChat credentials (wechat)',
  },
  startupServerMode: { 'zh-CN': 'SERVER_MODE 必须是 demo 或 production，收到的是 {mode}', en: 'SERVER_MODE must be demo or production, got {mode}' },
  startupProductionMissing: {
    'zh-CN': '生产模式需要以下环境变量，它们没有设置：\n{lines}\n请设置它们，或者用 SERVER_MODE=demo 启动演示。',
    en: 'Production mode needs these environment variables, which are not set:\n{lines}\nSet them, or start the demo with SERVER_MODE=demo.',
  },
  startupSettingsMissing: {
    'zh-CN': '服务器需要以下环境变量，它们没有设置：\n{lines}',
    en: 'The server needs these environment variables, which are not set:\n{lines}',
  },
  startupIflytekPartial: {
    'zh-CN': 'IFLYTEK_APP_ID、IFLYTEK_API_KEY 和 IFLYTEK_API_SECRET 要么全部设置，要么都不设置',
    en: 'set all of IFLYTEK_APP_ID, IFLYTEK_API_KEY and IFLYTEK_API_SECRET, or none',
  },
  startupWechatBases: {
    'zh-CN': 'WECHAT_API_BASE 和 WECHAT_OPEN_BASE 要么一起设置，要么都不设置（使用微信自己的域名）。',
    en: "Set WECHAT_API_BASE and WECHAT_OPEN_BASE together, or neither (WeChat's own hosts).",
  },
  startupNotHttpUrl: { 'zh-CN': '{name} 必须是 http(s) 地址，收到的是 {value}', en: '{name} must be an http(s) URL, got {value}' },
  startupBridgeKeyShort: { 'zh-CN': 'APP_BRIDGE_KEY 至少要有 {min} 个字符', en: 'APP_BRIDGE_KEY must be at least {min} characters' },
  startupLiveWebViewer: { 'zh-CN': 'LIVE_WEB_VIEWER 必须是 1 或 0，收到的是 {value}', en: 'LIVE_WEB_VIEWER must be 1 or 0, got {value}' },
  startupMetricsToken: {
    'zh-CN': 'METRICS_TOKEN 至少要有 {min} 个字符，且不能有空格（例如 openssl rand -hex 32）',
    en: 'METRICS_TOKEN must be at least {min} characters without spaces (e.g. openssl rand -hex 32)',
  },
  startupRateLimitMax: {
    'zh-CN': 'RATE_LIMIT_MAX 必须是整数（0 表示不限），收到的是 {value}',
    en: 'RATE_LIMIT_MAX must be a whole number (0: no limit), got {value}',
  },
  startupRateLimitWindow: {
    'zh-CN': 'RATE_LIMIT_WINDOW_S 必须是整数秒，收到的是 {value}',
    en: 'RATE_LIMIT_WINDOW_S must be a whole number of seconds, got {value}',
  },
  startupStopMs: { 'zh-CN': '{name} 必须是整数毫秒，收到的是 {value}', en: '{name} must be a whole number of milliseconds, got {value}' },
  startupWorkers: { 'zh-CN': 'WORKERS 必须是正整数，收到的是 {value}', en: 'WORKERS must be a positive integer, got {value}' },
  startupPort: { 'zh-CN': 'PORT 必须是端口号，收到的是 {value}', en: 'PORT must be a port number, got {value}' },
  startupPortInUse: {
    'zh-CN': '{host} 上的端口 {port} 已被占用（服务器是不是已经在运行？）。请停止另一个进程，或者换一个端口：PORT={next} npm start',
    en: 'Port {port} on {host} is already in use (is the server already running?). Stop the other process, or pick another port: PORT={next} npm start',
  },
  startupPortPrivileges: {
    'zh-CN': '{host} 上的端口 {port} 需要更高的权限；请用 PORT=… 选一个大于 1023 的端口',
    en: 'Port {port} on {host} needs more privileges; pick a port above 1023 with PORT=…',
  },
  startupHostNotHere: {
    'zh-CN': 'HOST {host} 不是这台机器的地址；请试试 HOST=127.0.0.1',
    en: 'HOST {host} is not an address of this machine; try HOST=127.0.0.1',
  },
  serverRunning: { 'zh-CN': '课程助手已在 {url} 运行', en: 'Lesson companion running at {url}' },
  clusterRunning: { 'zh-CN': '课程助手已在 {url} 运行（{workers}）', en: 'Lesson companion running at {url} ({workers})' },
  workersOne: { 'zh-CN': '1 个工作进程', en: '1 worker' },
  workersMany: { 'zh-CN': '{count} 个工作进程', en: '{count} workers' },
  modeDemo: {
    'zh-CN':
      '演示模式：演示数据、开发用的登录、/dev/ 下的短信验证码和支付沙箱、开发用的微信凭证。' +
      '不能用于正式部署：见 README.md 的 "Production deployment"。',
    en:
      'Demo mode: seeded demo data, development logins, SMS codes and payment sandbox under /dev/, ' +
      'development WeChat credentials. Not for deployment: see "Production deployment" in README.md.',
  },
  modeProduction: { 'zh-CN': '生产模式。', en: 'Production mode.' },
  modePostgresWithoutRedis: {
    'zh-CN':
      '使用 PostgreSQL 但没有设置 REDIS_URL：聊天室的消息、踢人和在线成员只会到达这台机器的工作进程。' +
      '在第二台机器上启动服务器之前，请先设置 REDIS_URL（README.md 的 "Production deployment"）。',
    en:
      'PostgreSQL without REDIS_URL: chat room messages, kicks and who is online reach only the workers of this machine. ' +
      'Set REDIS_URL before starting the server on a second machine (README.md, "Production deployment").',
  },
  stopTimedOut: {
    'zh-CN': '节点没有在 STOP_TIMEOUT_MS（{ms} 毫秒）内完成工作：仍然退出',
    en: 'the node did not finish its work within STOP_TIMEOUT_MS ({ms} ms): exiting anyway',
  },
  stopFailed: { 'zh-CN': '节点没能正常停止：{detail}', en: 'the node could not stop cleanly: {detail}' },
  clusterWorkerNeverStarted: { 'zh-CN': '一个工作进程没能启动（退出 {exit}）；正在停止', en: 'a worker could not start (exit {exit}); stopping' },
  clusterWorkerStopped: { 'zh-CN': '工作进程 {pid} 已停止（{exit}）；正在启动另一个', en: 'worker {pid} stopped ({exit}); starting another' },
} as const satisfies Record<string, Record<Language, string>>

/** What each environment variable a start cannot go without is, named in the refusal that lists the missing ones. */
const SETTINGS = {
  WECHAT_APP_ID: {
    'zh-CN': '公众号的 AppID（微信内的 H5：网页授权登录、支付和分享配置）',
    en: 'the official account AppID (H5 in WeChat: OAuth login, pay and share configs)',
  },
  WECHAT_APP_SECRET: { 'zh-CN': '公众号的 AppSecret（换取网页授权的 code 和 access token）', en: 'the official account AppSecret (OAuth code exchange, access token)' },
  WECHAT_MINI_APP_ID: { 'zh-CN': '小程序的 AppID（小程序登录和支付）', en: 'the mini-program AppID (mini-program login and pay)' },
  WECHAT_MINI_APP_SECRET: { 'zh-CN': '小程序的 AppSecret（jscode2session）', en: 'the mini-program AppSecret (jscode2session)' },
  WECHAT_PAY_MCH_ID: { 'zh-CN': '微信支付商户号', en: 'the WeChat Pay merchant number (商户号)' },
  WECHAT_PAY_SERIAL: { 'zh-CN': '商户 API 证书序列号', en: 'the serial number of the merchant API certificate (商户API证书序列号)' },
  WECHAT_PAY_PRIVATE_KEY: {
    'zh-CN': '商户 API 私钥 apiclient_key.pem（PEM 文本，或用 WECHAT_PAY_PRIVATE_KEY_FILE 给出它的路径）',
    en: 'the merchant API private key, apiclient_key.pem (its PEM text, or WECHAT_PAY_PRIVATE_KEY_FILE: its path)',
  },
  WECHAT_PAY_API_V3_KEY: { 'zh-CN': 'APIv3 密钥，32 个字符', en: 'the APIv3 key, 32 characters (APIv3密钥)' },
  WECHAT_PAY_PUBLIC_KEY: {
    'zh-CN':
      '微信支付公钥（PEM 文本，或 WECHAT_PAY_PUBLIC_KEY_FILE）和 WECHAT_PAY_PUBLIC_KEY_ID，' +
      '或者放在 WECHAT_PAY_PLATFORM_CERT（或 WECHAT_PAY_PLATFORM_CERT_FILE）中的平台证书',
    en:
      'the WeChat Pay public key (PEM text, or WECHAT_PAY_PUBLIC_KEY_FILE) with WECHAT_PAY_PUBLIC_KEY_ID, ' +
      'or a platform certificate in WECHAT_PAY_PLATFORM_CERT (or WECHAT_PAY_PLATFORM_CERT_FILE)',
  },
  WECHAT_PAY_NOTIFY_ORIGIN: {
    'zh-CN': '微信支付发送通知的 https 源站，例如 https://lesson.example.com',
    en: 'the https origin WeChat Pay posts notifications to, e.g. https://lesson.example.com',
  },
  TENCENT_SMS_SECRET_ID: {
    'zh-CN': '签名 SendSms 的腾讯云 API SecretId（访问管理中只有短信权限的子用户）',
    en: 'the Tencent Cloud API SecretId that signs SendSms (CAM, a sub-user with SMS rights only)',
  },
  TENCENT_SMS_SECRET_KEY: { 'zh-CN': '它的 SecretKey', en: 'its SecretKey' },
  TENCENT_SMS_SDK_APP_ID: { 'zh-CN': '短信应用的 SdkAppId（短信控制台，应用管理）', en: "the SMS application's SdkAppId (SMS console, application management)" },
  TENCENT_SMS_SIGN_NAME: { 'zh-CN': '已审核通过的短信签名内容', en: "the approved SMS signature's text" },
  TENCENT_SMS_TEMPLATE_ID: {
    'zh-CN': '已审核通过的验证码模板的 ID；模板唯一的变量 {1} 是验证码',
    en: "the approved verification-code template's id; its one variable {1} is the code",
  },
  TENCENT_SMS_REGION: { 'zh-CN': '短信应用所在的地域，例如 ap-guangzhou', en: 'the region the SMS application is in, e.g. ap-guangzhou' },
  NIM_APP_KEY: {
    'zh-CN': '网易云信应用的 App Key（网易云信控制台，应用的 App Key 管理）',
    en: "the NetEase IM application's App Key (NetEase console, the application's App Key management)",
  },
  NIM_APP_SECRET: { 'zh-CN': '它的 App Secret，用来签名服务端 API 调用（CheckSum）', en: 'its App Secret, which signs the server API calls (CheckSum)' },
} as const satisfies Record<string, Record<Language, string>>

export type OperatorKey = keyof typeof TEXTS
/** An environment variable whose meaning the catalogue says (SETTINGS). */
export type SettingName = keyof typeof SETTINGS

/** A text of the catalogue, not yet said in a language. */
export interface OperatorSaid {
  readonly key: OperatorKey
  readonly params: OperatorParams
}
/** What an environment variable is (SETTINGS), said in the same language as the text it is in. */
export interface SettingSaid {
  readonly setting: SettingName
}
/**
 * What fills a `{name}` place: a value as it is, a text or a variable's meaning said in the same
 * language, or texts one per line.
 */
export type OperatorParam = string | number | OperatorSaid | SettingSaid | readonly OperatorSaid[]
export type OperatorParams = Readonly<Record<string, OperatorParam>>

export const operatorSaid = (key: OperatorKey, params: OperatorParams = {}): OperatorSaid => ({ key, params })

const paramIn = (language: Language, param: OperatorParam): string => {
  if (typeof param === 'string' || typeof param === 'number') return String(param)
  if (isSaidList(param)) return param.map((said) => operatorText(said.key, language, said.params)).join('\n')
  if ('setting' in param) return SETTINGS[param.setting][language]
  return operatorText(param.key, language, param.params)
}

const isSaidList = (param: OperatorParam): param is readonly OperatorSaid[] => Array.isArray(param)

/** The text of `key` in `language`, its `{name}` places filled from `params`. */
export function operatorText(key: OperatorKey, language: Language, params: OperatorParams = {}): string {
  return fillPlaces(TEXTS[key][language], params, (param) => paramIn(language, param))
}

/** `  NAME: what it is`, one line of a refusal that lists missing variables. */
export const settingLine = (name: SettingName): OperatorSaid => operatorSaid('listLine', { name, what: { setting: name } })

/** Every key and every setting, for the test that each has both languages and the same places. */
export const OPERATOR_KEYS = Object.keys(TEXTS) as OperatorKey[]
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[]
export const operatorTemplates = (key: OperatorKey): Readonly<Record<Language, string>> => TEXTS[key]
export const settingTemplates = (name: SettingName): Readonly<Record<Language, string>> => SETTINGS[name]

/**
 * A command or a start that cannot go on, said in a sentence for the operator (no stack). Its
 * message is the English sentence (logs, tests); `in` says it in the operator's language.
 */
export class OperatorRefusal extends Error {
  readonly said: OperatorSaid

  constructor(key: OperatorKey, params: OperatorParams = {}) {
    super(operatorText(key, 'en', params))
    this.name = new.target.name
    this.said = { key, params }
  }

  in(language: Language): string {
    return operatorText(this.said.key, language, this.said.params)
  }
}

/** What a command prints when it stops on `error`: a refusal's sentence, or a bug's first line in `language` and its stack. */
export function failureText(error: unknown, language: Language): string {
  if (error instanceof OperatorRefusal) return error.in(language)
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  return `${operatorText('unexpected', language)}\n${detail}`
}
