/**
 * The settings of the outside services (server/outside/*), read from the environment: each
 * service names the variables it needs, so that a start without them says which are missing and
 * what each one is (server/app.ts turns MissingSettings into its StartupError; what each variable
 * is, in the operator's language: core/operatorTexts.ts).
 */
import type { SettingName } from '../core/operatorTexts'

/** Environment variables, as process.env has them. */
export type Environment = Readonly<Record<string, string | undefined>>

/** Variables a start needs and does not have. */
export class MissingSettings extends Error {
  constructor(readonly missing: readonly SettingName[]) {
    super(`missing settings: ${missing.join(', ')}`)
  }
}

/** Every variable of `names` from `env`, or MissingSettings naming each one not set (or blank). */
export function readSettings<Name extends SettingName>(env: Environment, names: readonly Name[]): Record<Name, string> {
  const missing = names.filter((name) => !env[name]?.trim())
  if (missing.length > 0) throw new MissingSettings(missing)
  return Object.fromEntries(names.map((name) => [name, String(env[name]).trim()])) as Record<Name, string>
}

/** A base URL setting without its trailing slashes; `fallback` when it is not set. */
export function baseUrl(env: Environment, name: string, fallback: string): string {
  return (env[name]?.trim() || fallback).replace(/\/+$/, '')
}
