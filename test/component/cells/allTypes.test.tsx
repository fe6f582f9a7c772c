import TestUtils from '@tarojs/test-utils-react'
import { parseMessage } from '../../../src/domain/message/parse'
import { ALL_TYPES, allTypesLesson } from './allTypes.fixture'
import { mountMessage } from './support'

/** The stable class each kind's cell carries (for weapp and e2e tests too). */
const CELL_CLASS: Record<string, string> = {
  text: '.cell-text',
  image: '.cell-image',
  voice: '.voice-cell',
  video: '.cell-video',
  face: '.cell-face--face',
  contactCard: '.cell-contact',
  location: '.cell-location',
  signIn: '.cell-sign-in',
  material: '.cell-material',
  web: '.cell-link--web',
  customFace: '.cell-face--customFace',
  chatRecord: '.cell-link--chatRecord',
  complaint: '.cell-complaint',
  groupInvite: '.cell-group-invite',
  file: '.cell-file',
  reply: '.cell-reply',
  notification: '.cell-notice',
  nativeHello: '.cell-hello',
  unsupported: '.bubble--placeholder',
}

const lesson = allTypesLesson()

it('parses every example of the all-types lesson to its kind', () => {
  expect(lesson.map((wire) => parseMessage(wire).kind)).toEqual(ALL_TYPES.map(([kind]) => kind))
})

describe('a lesson with every message type', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it.each(lesson.map((wire, i) => [ALL_TYPES[i][0], wire.msgId, wire] as const))('renders %s (%s) in its own cell', async (kind, _id, wire) => {
    await mountMessage(utils, parseMessage(wire))
    if (kind === 'hidden') {
      expect(document.body.textContent).toBe('')
      return
    }
    expect(document.querySelector(CELL_CLASS[kind])).not.toBeNull()
    if (kind !== 'unsupported') expect(document.querySelector('.bubble--placeholder')).toBeNull()
  })
})
