import { decodeFully, presentParam } from '../../domain/routeParams'

/** The campaign link's handle (`data`) as a route or query parameter hands it over; undefined when absent. */
export function campaignLink(raw: unknown): string | undefined {
  const present = presentParam(raw)
  return present === undefined ? undefined : decodeFully(present)
}
