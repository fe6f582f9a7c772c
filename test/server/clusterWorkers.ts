import { execFileSync } from 'node:child_process'

/**
 * The worker processes of a cluster started as `tsx server/cluster.ts` with process id `tsxPid`:
 * the primary is tsx's node child, the workers its children running index.ts.
 */
export function workerPids(tsxPid: number | undefined): number[] {
  const children = (pid: number): { pid: number; args: string }[] =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
      .flatMap((found) => (found ? [{ pid: Number(found[1]), args: found[2] ?? '' }] : []))
  const primary = children(tsxPid ?? 0).find((c) => c.args.includes('cluster.ts'))
  return primary ? children(primary.pid).filter((c) => c.args.endsWith('index.ts')).map((c) => c.pid) : []
}
