import { readCircleData } from '../../domain/message/circle'
import type { CircleDetailData } from '../../domain/message/types'
import { decodeUntil } from '../../domain/routeParams'

/**
 * The post page's `data` parameter: JSON as the material cell sends it (H5 hands it over
 * decoded), or still URL-encoded (the mini-program passes query values as written, and old
 * links double-encode). undefined when it is missing or broken.
 */
export function readCircleParam(raw: string | undefined): CircleDetailData | undefined {
  if (raw === undefined || raw === '') return undefined
  const text = decodeUntil(raw, (value) => readCircleData(value) !== undefined, 2)
  return text === undefined ? undefined : readCircleData(text)
}
