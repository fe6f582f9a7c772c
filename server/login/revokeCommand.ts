/**
 * `npm run revoke -- <wmid>…`: ends every login of these users at once (a stolen phone, an account
 * closed): their sessions, login credentials and chat tokens. Every call they make next answers
 * 601 and the app says the login expired; they log in again through WeChat. It opens the
 * deployment's database as `npm run migrate` does (DATABASE_URL, else DB_PATH), and speaks the
 * operator's language (core/operatorLanguage.ts).
 */
import { DEFAULT_DB_PATH } from '../app'
import { AREA_MIGRATIONS } from '../areas'
import { migrate } from '../core/migrate'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, failureText, operatorText } from '../core/operatorTexts'
import { openDb } from '../core/sql'
import { AccountRepository } from './data'

const language = operatorLanguage(process.env)

async function main(): Promise<void> {
  const wmids = process.argv.slice(2)
  if (wmids.length === 0) throw new OperatorRefusal('revokeUsage')
  const db = openDb(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH)
  try {
    await migrate(db, AREA_MIGRATIONS)
    const accounts = new AccountRepository(db)
    for (const wmid of wmids) {
      const found = await accounts.user(wmid)
      if (!found) throw new OperatorRefusal('revokeNoUser', { wmid })
      console.log(operatorText('revokeDone', language, { wmid, count: await accounts.revokeUser(wmid) }))
    }
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(failureText(error, language))
  process.exit(1)
})
