/**
 * The files an operator names on a command line (an export, a bank result file, a record's JSON):
 * one that cannot be read is refused in a sentence (core/operatorTexts.ts) naming the file and the
 * system's error code, never as a bug's stack.
 */
import { readFile, stat } from 'node:fs/promises'
import { OperatorRefusal } from './operatorTexts'

const unreadable = (file: string, error: unknown): OperatorRefusal =>
  new OperatorRefusal('fileUnreadable', { file, detail: (error as NodeJS.ErrnoException | null)?.code ?? String(error) })

/** Refuses unless `file` is a file this process can open (for a command that streams it). */
export async function checkNamedFile(file: string): Promise<void> {
  const info = await stat(file).catch((error: unknown) => {
    throw unreadable(file, error)
  })
  if (!info.isFile()) throw new OperatorRefusal('fileUnreadable', { file, detail: 'EISDIR' })
}

/** The text of `file`, or a refusal. */
export async function readNamedFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw unreadable(file, error)
  }
}
