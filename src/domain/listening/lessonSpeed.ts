/**
 * Speed per lesson (issue 35 item 3): a lesson plays at the speed last chosen for it; a lesson
 * with none starts at the listener's last choice anywhere; without either, the spec's default.
 * Only the spec's rates count (spec 000 §9: 0.75, 1.0, 1.2, 1.5, 2.0): a stored value that is
 * not one of them (an old build's, a hand-edited one) is no choice. Pure: no Taro, no stores.
 */

/** A stored rate, if it is one of `rates`. */
export function readRate<R extends number>(raw: string | undefined, rates: readonly R[]): R | undefined {
  // decimal digits only: Number() also reads '0x1', ' 1 ' and '1e0'
  if (raw === undefined || !/^\d{1,2}(\.\d{1,3})?$/.test(raw)) return undefined
  const value = Number(raw)
  return rates.find((rate) => rate === value)
}

/** The speed a lesson starts at: its own, else the last global choice, else `fallback`. */
export function lessonRate<R extends number>(own: R | undefined, lastChoice: R | undefined, fallback: R): R {
  return own ?? lastChoice ?? fallback
}
