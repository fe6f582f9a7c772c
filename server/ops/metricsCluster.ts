/**
 * A scrape in cluster mode: the worker that took it asks the primary (server/cluster.ts) over the
 * cluster's IPC channel; the primary asks every worker that is serving for its registry, sums them
 * with prom-client's AggregatorRegistry.aggregate (counters and histograms summed, so the node's
 * totals) and sends the text back.
 *
 * Only workers that are serving are asked. A worker just forked (at start, or replacing one that
 * stopped) has its IPC channel before its code has loaded: a request it gets then finds no listener
 * and is lost, so prom-client's own clusterMetrics, which asks every connected worker, waited 5 s
 * for it and the scrape failed. Such a worker has served nothing yet, so the sum misses nothing.
 */
import type { Worker } from 'node:cluster'
import { AggregatorRegistry, register } from 'prom-client'

/** A registry's metrics as prom-client's JSON, which the IPC channel carries. */
type RegistryJson = Awaited<ReturnType<typeof register.getMetricsAsJSON>>

/** How long the primary waits for the workers' registries. */
const GATHER_WAIT_MS = 5_000
/** How long a worker waits for the node's metrics (the primary's gathering gives up before). */
const ANSWER_WAIT_MS = 6_000

/** A worker asks the primary for the node's metrics. */
interface MetricsRequest {
  metricsRequest: number
}
/** The primary's answer to it. */
interface MetricsAnswer {
  metricsAnswer: number
  text?: string
  error?: string
}
/** The primary asks a worker for its registry. */
interface RegistryRequest {
  registryRequest: number
}
/** A worker's registry, as prom-client's JSON. */
interface RegistryAnswer {
  registryAnswer: number
  metrics?: RegistryJson
  error?: string
}

const hasNumber = (message: unknown, key: string): boolean =>
  typeof message === 'object' && message !== null && typeof (message as Record<string, unknown>)[key] === 'number'
const isRequest = (message: unknown): message is MetricsRequest => hasNumber(message, 'metricsRequest')
const isAnswer = (message: unknown): message is MetricsAnswer => hasNumber(message, 'metricsAnswer')
const isRegistryRequest = (message: unknown): message is RegistryRequest => hasNumber(message, 'registryRequest')
const isRegistryAnswer = (message: unknown): message is RegistryAnswer => hasNumber(message, 'registryAnswer')

let nextGather = 0

/** In the primary: one worker's registry (none if it stops first), or why it cannot be had. */
function registryOf(worker: Worker): Promise<RegistryJson> {
  const id = (nextGather += 1)
  return new Promise<RegistryJson>((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (!isRegistryAnswer(message) || message.registryAnswer !== id) return
      settle()
      if (message.metrics) resolve(message.metrics)
      else reject(new Error(message.error ?? 'no registry'))
    }
    // a worker that stops meanwhile takes its counts with it: the node's sum is the others'
    const onExit = (): void => {
      settle()
      resolve([])
    }
    const timer = setTimeout(() => {
      settle()
      reject(new Error(`worker ${worker.id} did not answer in ${GATHER_WAIT_MS} ms`))
    }, GATHER_WAIT_MS)
    const settle = (): void => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('exit', onExit)
    }
    worker.on('message', onMessage)
    worker.once('exit', onExit)
    worker.send({ registryRequest: id } satisfies RegistryRequest)
  })
}

/**
 * In the primary: answers a worker's request for the node's metrics, gathered from `serving` (the
 * workers that are serving now); false for any other message (the caller handles it).
 */
export function answerMetricsRequest(worker: Worker, message: unknown, serving: () => readonly Worker[]): boolean {
  if (!isRequest(message)) return false
  const id = message.metricsRequest
  const asked = serving().filter((w) => w.isConnected())
  Promise.all(asked.map(registryOf))
    .then((registries) => AggregatorRegistry.aggregate(registries).metrics())
    .then(
      (text: string) => worker.send({ metricsAnswer: id, text } satisfies MetricsAnswer),
      (error: unknown) => worker.send({ metricsAnswer: id, error: error instanceof Error ? error.message : String(error) } satisfies MetricsAnswer),
    )
  return true
}

/** In a worker: answers the primary's requests for this process's registry. Call once, at start. */
export function answerRegistryRequests(): void {
  process.on('message', (message: unknown) => {
    if (!isRegistryRequest(message)) return
    const id = message.registryRequest
    register.getMetricsAsJSON().then(
      (metrics) => process.send?.({ registryAnswer: id, metrics } satisfies RegistryAnswer),
      (error: unknown) => process.send?.({ registryAnswer: id, error: error instanceof Error ? error.message : String(error) } satisfies RegistryAnswer),
    )
  })
}

let nextId = 0

/** In a worker: the whole node's metrics, from the primary. */
export function askPrimaryForMetrics(): Promise<string> {
  const id = (nextId += 1)
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (!isAnswer(message) || message.metricsAnswer !== id) return
      settle()
      if (message.text !== undefined) resolve(message.text)
      else reject(new Error(`the node's metrics could not be gathered: ${message.error ?? 'no answer'}`))
    }
    const timer = setTimeout(() => {
      settle()
      reject(new Error("the primary did not send the node's metrics in time"))
    }, ANSWER_WAIT_MS)
    const settle = (): void => {
      clearTimeout(timer)
      process.off('message', onMessage)
    }
    process.on('message', onMessage)
    process.send?.({ metricsRequest: id } satisfies MetricsRequest)
  })
}
