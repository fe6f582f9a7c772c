/**
 * `npm run author-token -- issue <wmid>` | `revoke <keyId>` | `list <wmid>`: an operator's keys
 * for the authoring API (authorKeys.ts), against the deployment's database (DATABASE_URL, else
 * DB_PATH). `issue` prints the token once: the chat app keeps it secret; the database keeps
 * only its public half, so a lost token is revoked and a new one issued. It speaks the
 * operator's language (core/operatorLanguage.ts).
 */
import { DEFAULT_DB_PATH } from '../app'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, failureText, operatorSaid, operatorText } from '../core/operatorTexts'
import { openAppDatabase } from '../database'
import { AuthorKeys } from './authorKeys'

const language = operatorLanguage(process.env)

async function main(): Promise<void> {
  const [command, subject] = process.argv.slice(2)
  if (!subject || !['issue', 'revoke', 'list'].includes(command)) throw new OperatorRefusal('authorTokenUsage')
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    const keys = new AuthorKeys(db)
    if (command === 'issue') {
      const { keyId, token } = await keys.issue(subject, Date.now())
      console.log(operatorText('authorTokenIssued', language, { keyId, wmid: subject, token }))
    } else if (command === 'revoke') {
      if (!(await keys.revoke(subject, Date.now()))) throw new OperatorRefusal('authorTokenNoKey', { keyId: subject })
      console.log(operatorText('authorTokenRevoked', language, { keyId: subject }))
    } else {
      for (const key of await keys.list(subject)) {
        const revoked = key.revokedAt === null ? '' : operatorSaid('authorTokenListedRevoked', { at: new Date(key.revokedAt).toISOString() })
        console.log(operatorText('authorTokenListed', language, { keyId: key.keyId, issued: new Date(key.createdAt).toISOString(), revoked }))
      }
    }
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(failureText(error, language))
  process.exit(1)
})
