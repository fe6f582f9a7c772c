/**
 * The operator's commands as a test runs them: the locale of a spawned command or server
 * (server/core/operatorLanguage.ts), which the tests name whatever the machine running them has
 * set, and the command itself, spawned as its npm script runs it.
 */
import { spawn } from 'node:child_process'
import { PROJECT_ROOT } from '../../server/app'

/** No locale at all (each variable unset): the commands speak zh-CN. */
export const NO_LOCALE = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: undefined }
/** An English operator (LC_ALL and LC_MESSAGES empty, so LANG decides): the commands speak English. */
export const ENGLISH_LOCALE: Readonly<Record<string, string>> = { LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' }

/** How a command ended and what it printed. */
export interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** `file` (a command of server/) with `args`, as its npm script runs it (tsx on the file), in `env`. */
export function runCommand(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: PROJECT_ROOT, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}
