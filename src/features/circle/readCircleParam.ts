import { readCircleData } from '../../domain/message/circle'
import type { CircleDetailData } from '../../domain/message/types'

/**
 * The post page's `data` parameter: JSON as the material cell sends it (H5 hands it over
 * decoded), or still URL-encoded (the mini-program passes query values as written, and old
 * links double-encode). undefined when it is missing or broken.
 */
export function readCircleParam(raw: string | undefined): CircleDetailData | undefined {
  if (raw === undefined || raw === '') return undefined
  let value = raw
  for (let round = 0; round < 3; round++) {
    const detail = readCircleData(value)
    if (detail !== undefined) return detail
    let decoded: string
    try {
      decoded = decodeURIComponent(value)
    } catch {
      return undefined
    }
    if (decoded === value) return undefined
    value = decoded
  }
  return undefined
}
