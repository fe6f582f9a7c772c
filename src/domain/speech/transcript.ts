/**
 * The running transcript of a speech session (iFlytek IAT with `dwa: wpgs`): each result is
 * numbered (`sn`) and either appends (`pgs: 'apd'`) or replaces the results numbered rg[0]..rg[1]
 * (`pgs: 'rpl'`), so a phrase shown early is corrected as more audio arrives. The answers come
 * off a socket: `readIatAnswer` accepts only well-formed ones.
 */
import type { FrameStatus, IatAnswer, IatResult } from '../../../types/speech'
import { field, isRecord } from '../coerce'

/** The text of a result: its words' first candidates in order. */
export function resultText(result: Pick<IatResult, 'ws'>): string {
  return result.ws.map((word) => word.cw[0]?.w ?? '').join('')
}

export class Transcript {
  /** results by their number; a number not in order is placed by its number */
  private readonly results = new Map<number, IatResult['ws']>()

  apply(result: IatResult): void {
    if (result.pgs === 'rpl' && result.rg) {
      const [from, to] = result.rg[0] <= result.rg[1] ? result.rg : [result.rg[1], result.rg[0]]
      for (const sn of [...this.results.keys()]) if (sn >= from && sn <= to) this.results.delete(sn)
    }
    this.results.set(result.sn, result.ws)
  }

  /** The words so far in order, each with its time when the service gave one (`wb`/`we`). */
  get words(): IatResult['ws'] {
    return [...this.results.entries()].sort(([a], [b]) => a - b).flatMap(([, ws]) => ws)
  }

  get text(): string {
    return resultText({ ws: this.words })
  }
}

const STATUSES: readonly FrameStatus[] = [0, 1, 2]
const MAX_SN = 100_000
/** 60 s of audio, the service's limit, in frames of 10 ms, with room to spare */
const MAX_FRAME = 10_000

function isCount(value: unknown, max = MAX_SN): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max
}

function readWords(value: unknown): IatResult['ws'] | undefined {
  if (!Array.isArray(value)) return undefined
  const words: IatResult['ws'] = []
  for (const word of value) {
    const record = isRecord(word) ? word : undefined
    const cw = field(record, 'cw')
    if (!Array.isArray(cw)) return undefined
    const candidates = cw.flatMap((c) => {
      const w = field(isRecord(c) ? c : undefined, 'w')
      return typeof w === 'string' ? [{ w, sc: 0 }] : []
    })
    const wb = field(record, 'wb')
    const we = field(record, 'we')
    // the word's time passes through when the service gives one (frames of 10 ms)
    const timed = isCount(wb, MAX_FRAME) && isCount(we, MAX_FRAME) ? { wb, we } : {}
    words.push({ bg: 0, cw: candidates, ...timed })
  }
  return words
}

function readResult(value: unknown): IatResult | null | undefined {
  if (value === null || value === undefined) return null
  if (!isRecord(value)) return undefined
  const sn = field(value, 'sn')
  const pgs = field(value, 'pgs')
  const rg = field(value, 'rg')
  const ws = readWords(field(value, 'ws'))
  if (!isCount(sn) || sn === 0 || ws === undefined) return undefined
  if (pgs !== undefined && pgs !== 'apd' && pgs !== 'rpl') return undefined
  const range = Array.isArray(rg) && rg.length === 2 && isCount(rg[0]) && isCount(rg[1]) ? ([rg[0], rg[1]] as [number, number]) : undefined
  if (pgs === 'rpl' && range === undefined) return undefined
  return { sn, ls: field(value, 'ls') === true, bg: 0, ed: 0, ws, ...(pgs ? { pgs } : {}), ...(range ? { rg: range } : {}) }
}

/** One answer off the socket, or null when it is not one (not JSON, wrong shapes). */
export function readIatAnswer(raw: unknown): IatAnswer | null {
  let value: unknown
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : undefined
  } catch {
    return null
  }
  if (!isRecord(value)) return null
  const code = field(value, 'code')
  if (typeof code !== 'number' || !Number.isSafeInteger(code)) return null
  const message = field(value, 'message')
  const sid = field(value, 'sid')
  const answer: IatAnswer = { code, message: typeof message === 'string' ? message : '', sid: typeof sid === 'string' ? sid : '' }
  const data = field(value, 'data')
  if (code !== 0 || data === undefined || data === null) return answer
  if (!isRecord(data)) return null
  const status = field(data, 'status')
  const result = readResult(field(data, 'result'))
  if (!STATUSES.includes(status as FrameStatus) || result === undefined) return null
  return { ...answer, data: { status: status as FrameStatus, result } }
}
