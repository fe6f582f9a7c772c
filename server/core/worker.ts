import cluster from 'node:cluster'

/**
 * The header naming the worker of server/cluster.ts that answered (HTTP answers and the chat
 * room's WebSocket upgrade): for logs behind a proxy, and for the tests that spread calls over
 * workers. Absent outside a cluster.
 */
export const WORKER_HEADER = 'x-worker'
export const workerName = (): string | undefined => (cluster.isWorker && cluster.worker ? String(cluster.worker.id) : undefined)
