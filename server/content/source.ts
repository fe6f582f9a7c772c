/**
 * The records of an export file, one at a time: a JSON-lines export (`.jsonl`, any size) is read
 * as a stream, one line in memory at a time; a JSON export (`.json`, one document with a
 * `messages` array) is parsed whole and so is bounded (MAX_JSON_BYTES). No streaming JSON parser
 * is needed: the JSON-lines form is the one for large exports, and the chat app writes it as
 * easily as the other.
 */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { ExportError, said } from './format'
import type { Said } from './format'

/** One record: where it is (for errors) and its decoded JSON. The first is the header. */
export interface ExportRecord {
  at: Said
  value: unknown
}

/** A JSON export above this is refused, with the advice to send JSON lines. */
export const MAX_JSON_BYTES = 32 * 1024 * 1024
/** One JSON line above this is refused before it is held whole. */
export const MAX_LINE_BYTES = 1024 * 1024

export type ExportKind = 'json' | 'jsonl'

export function exportKind(file: string): ExportKind {
  return file.toLowerCase().endsWith('.jsonl') || file.toLowerCase().endsWith('.ndjson') ? 'jsonl' : 'json'
}

function parse(text: string, at: Said): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ExportError({ at, field: '(record)' }, said('contentNotJson', { detail: error instanceof Error ? error.message : String(error) }))
  }
}

/** The lines of a file as a stream, each at most MAX_LINE_BYTES. */
async function* lines(file: string): AsyncGenerator<[number, string]> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let number = 0
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      number += 1
      if (pendingBytes + end - start > MAX_LINE_BYTES) throw new ExportError({ at: said('contentAtLine', { n: number }), field: '(record)' }, said('contentLineTooLong', { max: MAX_LINE_BYTES }))
      pending.push(chunk.subarray(start, end))
      yield [number, Buffer.concat(pending).toString('utf8')]
      pending = []
      pendingBytes = 0
      start = end + 1
    }
    pendingBytes += chunk.length - start
    if (pendingBytes > MAX_LINE_BYTES) throw new ExportError({ at: said('contentAtLine', { n: number + 1 }), field: '(record)' }, said('contentLineTooLong', { max: MAX_LINE_BYTES }))
    pending.push(chunk.subarray(start))
  }
  if (pendingBytes > 0) yield [number + 1, Buffer.concat(pending).toString('utf8')]
}

async function* jsonLines(file: string): AsyncGenerator<ExportRecord> {
  for await (const [number, text] of lines(file)) {
    const trimmed = text.trim()
    if (trimmed === '') continue
    const at = said('contentAtLine', { n: number })
    yield { at, value: parse(trimmed, at) }
  }
}

async function* jsonDocument(file: string): AsyncGenerator<ExportRecord> {
  const { size } = await stat(file)
  if (size > MAX_JSON_BYTES) {
    throw new ExportError({ at: said('contentAtFile'), field: '(size)' }, said('contentJsonTooLarge', { max: MAX_JSON_BYTES }))
  }
  const document = parse(await readFile(file, 'utf8'), said('contentAtFile'))
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ExportError({ at: said('contentAtFile'), field: '(document)' }, said('contentDocument'))
  }
  const { messages, ...header } = document as Record<string, unknown>
  yield { at: said('contentAtHeader'), value: header }
  if (!Array.isArray(messages)) throw new ExportError({ at: said('contentAtHeader'), field: 'messages' }, said('contentMessagesArray'))
  for (const [index, value] of messages.entries()) yield { at: said('contentAtMessage', { n: index }), value }
}

/** The export's records in order; the first is the header. A file that cannot be read fails. */
export function exportRecords(file: string, kind: ExportKind = exportKind(file)): AsyncGenerator<ExportRecord> {
  return kind === 'jsonl' ? jsonLines(file) : jsonDocument(file)
}
