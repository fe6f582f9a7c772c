import cluster from 'node:cluster'
import { StartupError, modeNotice, serverConfigFromEnv, startServer } from './app'
import type { WorkerListening } from './cluster'
import { operatorLanguage } from './core/operatorLanguage'
import { OperatorRefusal, failureText, operatorText } from './core/operatorTexts'
import { gracefulOptionsFromEnv, type GracefulOptions } from './ops/graceful'

/** STOP_DRAIN_MS and STOP_TIMEOUT_MS, read before the server starts: a bad value stops the start in a sentence. */
function stopOptions(): GracefulOptions {
  try {
    return gracefulOptionsFromEnv(process.env)
  } catch (error) {
    throw error instanceof OperatorRefusal ? new StartupError(error.said.key, error.said.params) : error
  }
}

const language = operatorLanguage(process.env)

async function start(): Promise<void> {
  const config = serverConfigFromEnv(process.env)
  const options = stopOptions()
  const { app, url } = await startServer(config)
  // a worker of server/cluster.ts: the primary prints the address and the mode once for all of them
  if (cluster.isWorker) process.send?.({ listening: url } satisfies WorkerListening)
  else process.stdout.write(`${operatorText('serverRunning', language, { url })}\n${modeNotice(config, language)}\n`)
  // finishes what is in flight, sends chat members on and exits (ops/graceful.ts); closing checkpoints the WAL into the database file
  const stop = (): void => app.stopGracefully(options)
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

start().catch((error: unknown) => {
  // a StartupError says what to do in a sentence, in the operator's language; anything else is a bug, with its stack
  process.stderr.write(`${failureText(error, language)}\n`)
  process.exit(1)
})
