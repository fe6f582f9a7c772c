/**
 * Where demo mode serves the stand-ins of the outside services (server/outside/standins.ts). A
 * leaf: the services' clients read their demo base URL here without importing the stand-ins.
 */
export const STANDIN_PREFIX = '/standin'

/** The demo base URL of a stand-in: a path on this server. */
export function standinBase(name: string): string {
  return `${STANDIN_PREFIX}/${name}`
}
