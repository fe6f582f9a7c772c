/**
 * The settings of the outside services (server/outside/*), read from the environment: each
 * service names the variables it needs and what each one is, so that a start without them
 * says which are missing (server/app.ts turns MissingSettings into its StartupError).
 */

/** Environment variables, as process.env has them. */
export type Environment = Readonly<Record<string, string | undefined>>

/** A service's variables, each with the sentence that says what it is. */
export type SettingDescriptions<Name extends string> = Readonly<Record<Name, string>>

/** Variables a start needs and does not have: `[name, what it is]` each. */
export class MissingSettings extends Error {
  constructor(readonly missing: ReadonlyArray<readonly [string, string]>) {
    super(`missing settings: ${missing.map(([name]) => name).join(', ')}`)
  }
}

/** Every variable of `descriptions` from `env`, or MissingSettings naming each one not set (or blank). */
export function readSettings<Name extends string>(env: Environment, descriptions: SettingDescriptions<Name>): Record<Name, string> {
  const names = Object.keys(descriptions) as Name[]
  const missing = names.filter((name) => !env[name]?.trim())
  if (missing.length > 0) throw new MissingSettings(missing.map((name) => [name, descriptions[name]] as const))
  return Object.fromEntries(names.map((name) => [name, String(env[name]).trim()])) as Record<Name, string>
}

/** A base URL setting without its trailing slashes; `fallback` when it is not set. */
export function baseUrl(env: Environment, name: string, fallback: string): string {
  return (env[name]?.trim() || fallback).replace(/\/+$/, '')
}
