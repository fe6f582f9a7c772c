/** '0.75X', '1.0X', '1.2X', '1.5X', '2.0X' as the spec writes them. */
export function formatRate(rate: number): string {
  return `${Number.isInteger(rate * 10) ? rate.toFixed(1) : String(rate)}X`
}
