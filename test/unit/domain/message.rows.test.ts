import fc from 'fast-check'
import { foldRows, START } from '../../../src/domain/message/rows'
import type { LessonMessage } from '../../../src/domain/message/types'
import { textMessage } from '../../fixtures/messages'

/** A message of kind `kind` from the sender with icon `icon` (undefined: no icon). */
function message(n: number, kind: 'text' | 'notification' | 'hidden', icon: string | undefined): LessonMessage {
  const base = { ...textMessage(n), sender: { nickname: `s${icon ?? ''}`, faceIcon: icon } }
  if (kind === 'text') return base
  return { ...base, kind, text: 'note' }
}

const messages = fc.array(
  fc.tuple(fc.constantFrom('text' as const, 'notification' as const, 'hidden' as const), fc.constantFrom('a', 'b', '', undefined)),
  { maxLength: 80 },
).map((specs) => specs.map(([kind, icon], i) => message(i + 1, kind, icon)))

describe('foldRows', () => {
  it('leaves hidden messages out and folds the avatar of a cell after a cell of the same icon', () => {
    const { rows } = foldRows([
      message(1, 'text', 'a'),
      message(2, 'text', 'a'),
      message(3, 'hidden', 'b'),
      message(4, 'text', 'a'),
      message(5, 'notification', 'a'),
      message(6, 'text', 'a'),
      message(7, 'text', 'b'),
      message(8, 'text', undefined),
      message(9, 'text', ''),
    ])
    expect(rows.map((r) => [r.message.id, r.showAvatar])).toEqual([
      [1, true],
      [2, false],
      [4, false],
      [5, true],
      [6, true],
      [7, true],
      [8, true],
      // no icon and an empty icon are the same (none)
      [9, false],
    ])
  })

  it('folds page by page exactly as over the whole list, wherever the pages split', () => {
    fc.assert(
      fc.property(messages, fc.array(fc.nat(80), { maxLength: 6 }), (all, cuts) => {
        const bounds = [0, ...[...new Set(cuts.map((c) => Math.min(c, all.length)))].sort((a, b) => a - b), all.length]
        let tail = START
        const paged = []
        for (let i = 0; i + 1 < bounds.length; i++) {
          const page = foldRows(all.slice(bounds[i], bounds[i + 1]), tail)
          paged.push(...page.rows)
          tail = page.tail
        }
        expect(paged).toEqual(foldRows(all).rows)
      }),
    )
  })
})
