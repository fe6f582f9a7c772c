import { serverConfigFromEnv, startServer } from './app'

startServer(serverConfigFromEnv(process.env)).then(
  ({ app, url }) => {
    process.stdout.write(`Lesson companion running at ${url}\n`)
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
