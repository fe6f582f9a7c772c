/**
 * `npm start` / `npm run server`: the reference server on every core. This primary process brings
 * the database up to date (migrations, first-run seed) once, then forks one worker per core
 * (`WORKERS` overrides); each worker runs server/index.ts, listening on the same port over the same
 * SQLite file in WAL mode (read-then-write transactions begin IMMEDIATE, so workers never
 * interleave them). Tests keep building one app in-process (`buildApp` + inject).
 *
 * A `:memory:` database cannot be shared, so it runs one worker. The primary also looks for the
 * weekly payout (server/money/payoutSchedule.ts).
 */
import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { StartupError, modeNotice, serverConfigFromEnv } from './app'
import { operatorLanguage } from './core/operatorLanguage'
import { failureText, operatorSaid, operatorText } from './core/operatorTexts'
import { openAppDatabase } from './database'
import { isRoomRelay, relayRoomEvents } from './chatroom/relay'
import { DEFAULT_PAYOUT_DIR } from './money/payout'
import { startPayoutSchedule } from './money/payoutSchedule'
import { answerMetricsRequest } from './ops/metricsCluster'

/** What a worker sends the primary once it listens (server/index.ts). */
export interface WorkerListening {
  listening: string
}

const isListening = (message: unknown): message is WorkerListening =>
  typeof message === 'object' && message !== null && typeof (message as Partial<WorkerListening>).listening === 'string'

export function workerCount(workers: string | undefined, database: string, cores: number): number {
  if (database === ':memory:') return 1
  if (workers === undefined) return cores
  const count = Number(workers)
  if (!Number.isInteger(count) || count < 1) throw new StartupError('startupWorkers', { value: workers })
  return count
}

const language = operatorLanguage(process.env)

async function main(): Promise<void> {
  const config = serverConfigFromEnv(process.env)
  const count = workerCount(process.env.WORKERS, config.database, availableParallelism())
  const db = await openAppDatabase(config.database, { seedDemo: config.mode === 'demo' })
  // the weekly payout: this machine's primary looks for it; a lease lets one machine run it (a :memory: database has no payouts to share)
  const payouts =
    config.database === ':memory:'
      ? undefined
      : startPayoutSchedule({ db, dir: process.env.PAYOUT_DIR || DEFAULT_PAYOUT_DIR, log: (said) => process.stdout.write(`${operatorText(said.key, language, said.params)}\n`) })
  if (!payouts) await db.close()
  cluster.setupPrimary({ exec: join(__dirname, 'index.ts') })

  let stopping = false
  let announced = false
  const listening = new Set<number>()
  /** The workers that are serving (have said they listen): the ones a scrape's sum asks. */
  const serving = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && listening.has(w.id))
  const fork = (): void => {
    const worker = cluster.fork()
    worker.on('message', (message: unknown) => {
      if (isRoomRelay(message)) {
        relayRoomEvents(worker.id, message)
        return
      }
      // a scrape of /metrics: the whole node's, gathered here (ops/metricsCluster.ts)
      if (answerMetricsRequest(worker, message, serving)) return
      if (!isListening(message)) return
      listening.add(worker.id)
      if (announced) return
      announced = true
      const workers = count === 1 ? operatorSaid('workersOne') : operatorSaid('workersMany', { count })
      process.stdout.write(`${operatorText('clusterRunning', language, { url: message.listening, workers })}\n${modeNotice(config, language)}\n`)
    })
  }
  const stop = (code: number): void => {
    stopping = true
    process.exitCode = code
    if (payouts) void payouts.stop().then(() => db.close())
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    if (!listening.has(worker.id)) {
      // it never started (port taken, bad config): starting another would fail the same way
      process.stderr.write(`${operatorText('clusterWorkerNeverStarted', language, { exit: String(signal ?? code) })}\n`)
      stop(1)
      return
    }
    process.stderr.write(`${operatorText('clusterWorkerStopped', language, { pid: String(worker.process.pid), exit: String(signal ?? code) })}\n`)
    listening.delete(worker.id)
    // its chat room members are offline now (server/chatroom/relay.ts)
    relayRoomEvents(worker.id, { chatroomRelay: { kind: 'gone', worker: String(worker.id) } })
    fork()
  })
  process.once('SIGINT', () => stop(0))
  process.once('SIGTERM', () => stop(0))
  for (let i = 0; i < count; i += 1) fork()
}

main().catch((error: unknown) => {
  // a StartupError (or a migration's refusal) says what to do in a sentence, in the operator's language; anything else is a bug, with its stack
  process.stderr.write(`${failureText(error, language)}\n`)
  process.exit(1)
})
