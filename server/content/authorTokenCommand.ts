/**
 * `npm run author-token -- issue <wmid>` | `revoke <keyId>` | `list <wmid>`: an operator's keys
 * for the authoring API (authorKeys.ts), against the deployment's database (DATABASE_URL, else
 * DB_PATH). `issue` prints the token once: the chat app keeps it secret; the database keeps
 * only its public half, so a lost token is revoked and a new one issued.
 */
import { DEFAULT_DB_PATH } from '../app'
import { openAppDatabase } from '../database'
import { AuthorKeys } from './authorKeys'

const USAGE = 'usage: npm run author-token -- issue <wmid> | revoke <keyId> | list <wmid>'

async function main(): Promise<void> {
  const [command, subject] = process.argv.slice(2)
  if (!subject || !['issue', 'revoke', 'list'].includes(command)) throw new Error(USAGE)
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    const keys = new AuthorKeys(db)
    if (command === 'issue') {
      const { keyId, token } = await keys.issue(subject, Date.now())
      console.log(`key ${keyId} for ${subject}; its token (shown only now):\n${token}`)
    } else if (command === 'revoke') {
      if (!(await keys.revoke(subject, Date.now()))) throw new Error(`no key ${subject} in use`)
      console.log(`key ${subject} revoked`)
    } else {
      for (const key of await keys.list(subject)) {
        console.log(`${key.keyId}  issued ${new Date(key.createdAt).toISOString()}${key.revokedAt === null ? '' : `  revoked ${new Date(key.revokedAt).toISOString()}`}`)
      }
    }
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
