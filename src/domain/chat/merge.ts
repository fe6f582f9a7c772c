/** What merging needs of a message: its client message id and its time. */
export interface Mergeable {
  idClient: string
  time: number
}

const timeOf = (m: Mergeable): number => (Number.isFinite(m.time) ? m.time : 0)

/**
 * Merges `incoming` into `existing` (both any order, either may repeat itself): one message per
 * client message id (the first seen wins, so a re-delivery never moves or changes a shown message),
 * ordered by time, equal times keeping arrival order, then only the last `limit` kept.
 * `limit` below 1 or not an integer keeps everything.
 */
export function mergeMessages<M extends Mergeable>(existing: readonly M[], incoming: readonly M[], limit = 0): M[] {
  const seen = new Set<string>()
  const all: Array<{ m: M; order: number }> = []
  for (const m of [...existing, ...incoming]) {
    if (seen.has(m.idClient)) continue
    seen.add(m.idClient)
    all.push({ m, order: all.length })
  }
  all.sort((a, b) => timeOf(a.m) - timeOf(b.m) || a.order - b.order)
  const merged = all.map((entry) => entry.m)
  return Number.isInteger(limit) && limit > 0 && merged.length > limit ? merged.slice(merged.length - limit) : merged
}
