import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Runs a command from node_modules/.bin (or PATH) in the project root; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', shell: false, ...options, env: { ...process.env, ...options.env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', (err) => {
      console.error(`could not start ${command}: ${err.message}`)
      resolve(1)
    })
  })
}

export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name)

function newestMtime(dir) {
  let newest = 0
  if (!existsSync(dir)) return newest
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

/** A build is stale when its marker file is missing or older than any app source. */
export function buildIsStale(marker) {
  const target = path.join(ROOT, marker)
  if (!existsSync(target)) return true
  const built = statSync(target).mtimeMs
  const sources = ['src', 'config', 'types', 'package.json', 'babel.config.js'].map((p) => path.join(ROOT, p))
  return sources.some((source) => (existsSync(source) && statSync(source).isDirectory() ? newestMtime(source) : existsSync(source) ? statSync(source).mtimeMs : 0) > built)
}
