/**
 * The two files of a payout (docs/PAYOUTS.md has their formats for the operator and the bank):
 * the bank transfer batch this server writes, and the bank's result file it reads back. Both are
 * CSV (RFC 4180: UTF-8, CRLF, a header row, a field with a comma, quote or line break quoted, a
 * quote doubled). Pure: no database, no files.
 */
import { OperatorRefusal } from '../core/operatorTexts'

/** One transfer of a batch: one waiting clearing, to the seller's bound card. */
export interface BatchRow {
  clearingNO: string
  payeeName: string
  bankName: string
  accountNo: string
  /** fen, what reaches the card (the clearing's amount less the platform fee) */
  amountFen: number
}

export const BATCH_HEADER = ['batch_no', 'line', 'clearing_no', 'payee_name', 'bank_name', 'account_no', 'amount_fen', 'amount_yuan', 'purpose'] as const
export const RESULT_HEADER = ['batch_no', 'clearing_no', 'amount_fen', 'status', 'reason_code', 'reason'] as const

/** What every transfer says on the payee's statement. */
export const TRANSFER_PURPOSE = '课程收入提现'

/** The bank's reason code for a transfer turned down on the payee's details (name, card number, bank). */
export const CARD_INFO_REASON = 'CARD_INFO'

/** The longest reason text kept from a result row. */
const REASON_MAX = 200

function csvField(value: string): string {
  // a spreadsheet would run a field starting with = + - @ as a formula: the operator opens these files
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const csvLine = (fields: readonly string[]): string => fields.map(csvField).join(',')

/** `fen` as yuan with two decimals, from integers only. */
export function fenAsYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** The batch file's text. */
export function batchCsv(batchNO: string, rows: readonly BatchRow[]): string {
  const lines = [csvLine(BATCH_HEADER)]
  rows.forEach((row, index) => {
    lines.push(
      csvLine([batchNO, String(index + 1), row.clearingNO, row.payeeName, row.bankName, row.accountNo, String(row.amountFen), fenAsYuan(row.amountFen), TRANSFER_PURPOSE]),
    )
  })
  return `${lines.join('\r\n')}\r\n`
}

/** The records of a CSV text (RFC 4180; a BOM, LF line ends and a last line without its end are taken too). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    if (!(record.length === 1 && record[0] === '')) records.push(record)
    record = []
  }
  for (; i < text.length; i += 1) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === ',') endField()
    else if (c === '\n') endRecord()
    else if (c === '\r' && text[i + 1] === '\n') {
      endRecord()
      i += 1
    } else field += c
  }
  if (quoted) throw new BankFileError('bankQuoteOpen')
  if (field !== '' || record.length > 0) endRecord()
  return records
}

/** A result file this server cannot read: nothing of it is applied (said to the operator: core/operatorTexts.ts). */
export class BankFileError extends OperatorRefusal {}

/** What one row of the bank's result file says. */
export type ResultFields = {
  batchNO: string
  clearingNO: string
  amountFen: number
} & ({ status: 1 } | { status: 2; reasonCode: string; reason: string })

/** One row of the bank's result file, with its line in the file (for the report). */
export type ResultRow = ResultFields & { line: number }

/**
 * Reads the bank's result file, every row or none: a wrong header, a row with the wrong number of
 * fields, an amount that is not whole fen, a status other than 1 (paid) or 2 (failed), a failure
 * without a reason code, or a clearing named twice refuses the whole file.
 */
export function parseResultCsv(text: string): ResultRow[] {
  const [header, ...records] = parseCsv(text)
  if (!header || header.map((h) => h.trim()).join(',') !== RESULT_HEADER.join(',')) {
    throw new BankFileError('bankHeader', { header: RESULT_HEADER.join(',') })
  }
  const seen = new Set<string>()
  return records.map((fields, index): ResultRow => {
    const line = index + 2
    if (fields.length !== RESULT_HEADER.length) throw new BankFileError('bankFieldCount', { line, expected: RESULT_HEADER.length, found: fields.length })
    const [batchNO, clearingNO, amount, status, reasonCode, reason] = fields.map((f) => f.trim())
    if (!batchNO || !clearingNO) throw new BankFileError('bankNamesRequired', { line })
    if (seen.has(clearingNO)) throw new BankFileError('bankNamedTwice', { line, clearingNO })
    seen.add(clearingNO)
    if (!/^[0-9]{1,12}$/.test(amount)) throw new BankFileError('bankWholeFen', { line })
    const amountFen = Number(amount)
    if (status === '1') return { batchNO, clearingNO, amountFen, line, status: 1 }
    if (status !== '2') throw new BankFileError('bankStatus', { line })
    if (!reasonCode) throw new BankFileError('bankReasonCode', { line })
    return { batchNO, clearingNO, amountFen, line, status: 2, reasonCode, reason: (reason || reasonCode).slice(0, REASON_MAX) }
  })
}

/** The result file's text (what the bank sends back; the demo's simulated bank and the tests write it). */
export function resultCsv(rows: readonly ResultFields[]): string {
  const lines = [csvLine(RESULT_HEADER)]
  for (const row of rows) {
    lines.push(
      csvLine([row.batchNO, row.clearingNO, String(row.amountFen), String(row.status), row.status === 2 ? row.reasonCode : '', row.status === 2 ? row.reason : '']),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
