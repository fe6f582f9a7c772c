import type { FastifyInstance } from 'fastify'
import { READY_PATH } from './health'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, operatorText } from '../core/operatorTexts'

/** Environment variables, as process.env has them. */
type Environment = Readonly<Record<string, string | undefined>>

export interface GracefulOptions {
  /**
   * How long a stopping node keeps serving while /readyz already answers 503, so a balancer that
   * polls it sends nothing new before the node stops listening (STOP_DRAIN_MS; default 0)
   */
  drainMs: number
  /** How long the requests, transactions and chat commands in flight get to finish before the process exits anyway (STOP_TIMEOUT_MS) */
  timeoutMs: number
}

export const DEFAULT_STOP_TIMEOUT_MS = 20_000

function milliseconds(env: Environment, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new OperatorRefusal('startupStopMs', { name, value: text })
  return value
}

/** STOP_DRAIN_MS and STOP_TIMEOUT_MS. */
export function gracefulOptionsFromEnv(env: Environment): GracefulOptions {
  return { drainMs: milliseconds(env, 'STOP_DRAIN_MS', 0), timeoutMs: milliseconds(env, 'STOP_TIMEOUT_MS', DEFAULT_STOP_TIMEOUT_MS) }
}

/**
 * A node's stop on SIGTERM (a rolling deploy), in order:
 * 1. /readyz answers 503 at once; for `drainMs` the node still serves everything else, so a
 *    balancer that polls readiness stops sending it work first;
 * 2. the node stops listening: a new connection is refused, a new request on a kept-alive one is
 *    answered 503 (Fastify's return503OnClosing) and the connection closed;
 * 3. the requests and their transactions in flight finish and are answered, each answer closing
 *    its connection behind it;
 * 4. the chat room finishes the commands in flight, tells each member to reconnect (another node
 *    seats it: server/chatroom/routes.ts), and the relay says goodbye;
 * 5. the database closes, and the process exits 0; past `timeoutMs` it exits 1 saying so.
 * Registered while the app is built (its hooks); answers the stop, which server/index.ts calls on
 * SIGTERM and SIGINT (a second signal changes nothing).
 */
export function registerGraceful(app: FastifyInstance, exit: (code: number) => void = (code) => process.exit(code)): (options: GracefulOptions) => void {
  let stopping = false
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping && request.url.split('?')[0] === READY_PATH) {
      void reply.code(503).headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).send('not ready')
      return
    }
    done()
  })
  // an answer given while stopping closes its connection: a kept-alive client asks the next node
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close')
    done(null, payload)
  })
  return (options) => {
    if (stopping) return
    stopping = true
    const deadline = setTimeout(() => {
      process.stderr.write(`${operatorText('stopTimedOut', operatorLanguage(process.env), { ms: options.timeoutMs })}\n`)
      exit(1)
    }, options.timeoutMs)
    deadline.unref()
    const close = (): void => {
      app.close().then(
        () => {
          clearTimeout(deadline)
          exit(0)
        },
        (error: unknown) => {
          process.stderr.write(`${operatorText('stopFailed', operatorLanguage(process.env), { detail: error instanceof Error ? error.message : String(error) })}\n`)
          exit(1)
        },
      )
    }
    if (options.drainMs > 0) setTimeout(close, options.drainMs)
    else close()
  }
}
