import fs from 'fs'
import path from 'path'
import { ROOT, type ImportEdge } from './imports'

const EXTENSIONS = ['.ts', '.tsx']
/** A platform module `./x` is `x.ts` in one build and `x.h5.ts` / `x.weapp.ts` in the others: each is an edge. */
const VARIANTS = ['', '.h5', '.weapp']

/** The source files an import's target (`src/features/lesson`, `server/core/db`) stands for. */
export function resolveTarget(target: string, exists: (file: string) => boolean = (file) => fs.existsSync(path.join(ROOT, file))): string[] {
  const candidates = [target, `${target}/index`].flatMap((base) => VARIANTS.flatMap((variant) => EXTENSIONS.map((ext) => `${base}${variant}${ext}`)))
  const found = candidates.filter(exists)
  // a folder's index stands for the folder only when no file of the folder's own name exists
  const direct = found.filter((file) => !file.startsWith(`${target}/`))
  return direct.length > 0 ? direct : found
}

/** The file graph of `edges` (type-only imports included: a circle of types is still a circle of modules). */
export function importGraph(edges: readonly ImportEdge[], resolve: (target: string) => string[] = resolveTarget): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const edge of edges) {
    const next = graph.get(edge.from) ?? new Set<string>()
    graph.set(edge.from, next)
    if (edge.target === undefined) continue
    for (const file of resolve(edge.target)) if (file !== edge.from) next.add(file)
  }
  return graph
}

/** The import circles of `graph`: each strongly connected group of two or more files, sorted (Tarjan). */
export function importCircles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []

  const visit = (start: string): void => {
    // iterative, so a deep chain of imports cannot overflow the call stack
    const work: Array<{ node: string; next: Iterator<string> }> = []
    const enter = (node: string) => {
      index.set(node, counter)
      low.set(node, counter)
      counter += 1
      stack.push(node)
      onStack.add(node)
      work.push({ node, next: (graph.get(node) ?? new Set<string>()).values() })
    }
    enter(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const step = frame.next.next()
      if (!step.done) {
        const to = step.value
        if (!index.has(to)) enter(to)
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = []
        let member: string | undefined
        do {
          member = stack.pop()!
          onStack.delete(member)
          group.push(member)
        } while (member !== frame.node)
        if (group.length > 1) circles.push(group.sort())
      }
    }
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return circles.sort((a, b) => a[0].localeCompare(b[0]))
}
