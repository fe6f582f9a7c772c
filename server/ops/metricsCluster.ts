/**
 * A scrape in cluster mode: the worker that took it asks the primary (server/cluster.ts) over the
 * cluster's IPC channel; the primary gathers every worker's registry with prom-client's
 * AggregatorRegistry (counters and histograms summed, so the node's totals) and sends the text back.
 */
import type { Worker } from 'node:cluster'
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client'

/** How long a worker waits for the node's metrics (the primary's own gathering gives up at 5 s). */
const ANSWER_WAIT_MS = 6_000

interface MetricsRequest {
  metricsRequest: number
}
interface MetricsAnswer {
  metricsAnswer: number
  text?: string
  error?: string
}

const isRequest = (message: unknown): message is MetricsRequest =>
  typeof message === 'object' && message !== null && typeof (message as Partial<MetricsRequest>).metricsRequest === 'number'
const isAnswer = (message: unknown): message is MetricsAnswer =>
  typeof message === 'object' && message !== null && typeof (message as Partial<MetricsAnswer>).metricsAnswer === 'number'

let aggregator: AggregatorRegistry<PrometheusContentType> | undefined

/**
 * In the primary: answers a worker's request for the node's metrics; false for any other message
 * (the caller handles it).
 */
export function answerMetricsRequest(worker: Worker, message: unknown): boolean {
  if (!isRequest(message)) return false
  aggregator ??= new AggregatorRegistry<PrometheusContentType>()
  const id = message.metricsRequest
  aggregator.clusterMetrics().then(
    (text: string) => worker.send({ metricsAnswer: id, text } satisfies MetricsAnswer),
    (error: unknown) => worker.send({ metricsAnswer: id, error: error instanceof Error ? error.message : String(error) } satisfies MetricsAnswer),
  )
  return true
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
