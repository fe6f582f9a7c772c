import cluster from 'node:cluster'
import { serverConfigFromEnv, startServer } from './app'
import type { WorkerListening } from './cluster'

startServer(serverConfigFromEnv(process.env)).then(
  ({ app, url }) => {
    // a worker of server/cluster.ts: the primary prints the address once for all of them
    if (cluster.isWorker) process.send?.({ listening: url } satisfies WorkerListening)
    else process.stdout.write(`Lesson companion running at ${url}\n`)
    // closing checkpoints the WAL into the database file
    const stop = (): void => {
      app.close().then(() => process.exit(0), () => process.exit(1))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
    process.exit(1)
  },
)
