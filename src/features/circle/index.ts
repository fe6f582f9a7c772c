/** Circle post detail (misc package): /wmCircleDetail and /groupSpaceDetail. */
export { CircleDetailScreen } from './CircleDetailScreen'
export { readCircleParam } from './readCircleParam'
