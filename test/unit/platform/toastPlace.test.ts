/** Issue 30 item 12: where the H5 toast goes (src/platform/feedback/toastPlace.ts). */
import { toastEdge } from '../../../src/platform/feedback/toastPlace'

const TOP = { top: 16, bottom: 60 }
const BOTTOM = { top: 752, bottom: 796 }

describe('toastEdge', () => {
  it('is the top of the screen when nothing is in the way (never mid-screen)', () => {
    expect(toastEdge([], TOP, BOTTOM)).toBe('top')
  })

  it('stays at the top over a centred dialog and a field lower on the page', () => {
    expect(toastEdge([{ top: 280, bottom: 560 }, { top: 400, bottom: 444 }], TOP, BOTTOM)).toBe('top')
  })

  it('goes to the bottom when the field to fix is at the top', () => {
    expect(toastEdge([{ top: 40, bottom: 84 }], TOP, BOTTOM)).toBe('bottom')
  })

  it('takes the edge that covers less when both cover something (a dialog taller than the screen)', () => {
    expect(toastEdge([{ top: 0, bottom: 812 }], TOP, BOTTOM)).toBe('top')
    expect(toastEdge([{ top: 10, bottom: 70 }, { top: 780, bottom: 800 }], TOP, BOTTOM)).toBe('bottom')
  })
})
