import { StartupError, serverConfigFromEnv, startServer } from './app'

const DEMO_NOTE =
  'Demo mode: seeded demo data, development logins, SMS codes and payment sandbox under /dev/, ' +
  'development WeChat credentials. Not for deployment: see "Production mode" in README.md.'

async function start(): Promise<void> {
  const config = serverConfigFromEnv(process.env)
  const { app, url } = await startServer(config)
  process.stdout.write(`Lesson companion running at ${url}\n`)
  process.stdout.write(config.mode === 'demo' ? `${DEMO_NOTE}\n` : 'Production mode.\n')
  // closing checkpoints the WAL into the database file
  const stop = (): void => {
    app.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

start().catch((error: unknown) => {
  // a StartupError says what to do in a sentence; anything else is a bug, with its stack
  const text = error instanceof StartupError ? error.message : error instanceof Error ? error.stack : String(error)
  process.stderr.write(`${text}\n`)
  process.exit(1)
})
