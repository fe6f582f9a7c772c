/**
 * The import command's arguments (importCommand.ts), read into the header fields they replace.
 * Amounts are given in yuan as an operator writes them (`9.90`) and become integer fen without
 * floating point. A refusal is said in the operator's language (core/operatorTexts.ts).
 */
import { OperatorRefusal } from '../core/operatorTexts'

export interface ImportArguments {
  file: string
  author: string
  overrides: Record<string, unknown>
}

/** Arguments a command cannot read: its message is English, `in` says it in the operator's language. */
export class UsageError extends OperatorRefusal {}

/** `9.90` → 990; anything but a non-negative amount with at most two decimals is refused. */
export function yuanToFen(text: string, option: string): number {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw new UsageError('optionYuan', { option, got: JSON.stringify(text) })
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The options of the import and lesson commands; what is not an option is positional. */
export function parseOptions(argv: readonly string[]): { positional: string[]; author?: string; overrides: Record<string, unknown> } {
  const positional: string[] = []
  let author: string | undefined
  const overrides: Record<string, unknown> = {}
  const access: string[] = []
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]
    const value = (): string => {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) throw new UsageError('optionNeedsValue', { option: arg })
      i += 1
      return next
    }
    switch (arg) {
      case '--author':
        author = value()
        break
      case '--open':
        access.push(arg)
        overrides.privacyStatus = 1
        break
      case '--password':
        access.push(arg)
        overrides.privacyStatus = 2
        overrides.password = value()
        break
      case '--paid':
        access.push(arg)
        overrides.privacyStatus = 3
        overrides.fee = yuanToFen(value(), arg)
        break
      case '--free': {
        const count = value()
        if (!/^\d{1,6}$/.test(count)) throw new UsageError('optionFree', { got: JSON.stringify(count) })
        overrides.freeCount = Number(count)
        break
      }
      case '--share-reward':
        overrides.shareRecash = yuanToFen(value(), arg)
        break
      case '--title':
        overrides.courseName = value()
        break
      default:
        if (arg.startsWith('--')) throw new UsageError('optionUnknown', { option: arg })
        positional.push(arg)
    }
  }
  if (access.length > 1) throw new UsageError('optionOneAccess', { given: access.join(', ') })
  return { positional, author, overrides }
}

export function parseImportArguments(argv: readonly string[]): ImportArguments {
  const { positional, author, overrides } = parseOptions(argv)
  if (positional.length !== 1 || author === undefined) throw new UsageError('importUsage')
  return { file: positional[0], author, overrides }
}
