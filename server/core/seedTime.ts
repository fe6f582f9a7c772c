/** Wall time in China (UTC+8) on a day of March 2024, as epoch ms: the demo data's calendar. */
export function chinaTime(day: number, hour: number, minute: number): number {
  return Date.UTC(2024, 2, day, hour - 8, minute)
}

/** When the demo sessions, credentials and purchases were made. */
export const SEEDED_AT = chinaTime(8, 12, 0)
