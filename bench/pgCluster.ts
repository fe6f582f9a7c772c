/**
 * The server as `npm run server` runs it, on PostgreSQL: run by bench/server.ts inside
 * scripts/engines.mjs, which provides a throwaway cluster (TEST_DATABASE_URL). Prepares the bench's
 * own database (the demo seed and the 5,000-message lesson), then starts server/cluster.ts on it.
 */
import { openAppDatabase } from '../server/database'
import { addLongLesson } from './longLesson'

async function main(): Promise<void> {
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('run inside scripts/engines.mjs (TEST_DATABASE_URL)')
  const url = new URL(admin)
  const setup = await openAppDatabase(admin, { seedDemo: false })
  await setup.exec('CREATE DATABASE bench')
  await setup.close()
  url.pathname = '/bench'
  const db = await openAppDatabase(url.toString())
  await addLongLesson(db)
  await db.close()
  process.env.DATABASE_URL = url.toString()
  await import('../server/cluster')
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
