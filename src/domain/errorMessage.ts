/** What a caught value says: an Error's message, anything else as text. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
