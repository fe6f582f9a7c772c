import TestUtils from '@tarojs/test-utils-react'
import type { VoiceMessage } from '../../../src/domain/message/types'
import { cellMenu } from '../../../src/features/lesson/cellMenu'
import { VoiceCell } from '../../../src/features/lesson/cells/VoiceCell'
import { LONG_PRESS_MS } from '../../../src/features/lesson/cells/useLongPress'
import { voiceAnchorId } from '../../../src/features/player/scroll'
import { t } from '../../../src/locales'
import { TRANSCRIPT_REVEAL_MS, type PlayerStore } from '../../../src/stores/player'
import { WithStores, testAppStores } from '../appStores'
import { makePlayer, voice } from './support'
import { mount, fakeClock } from '../act'

function Host({ player, messages }: { player: PlayerStore; messages: VoiceMessage[] }) {
  return (
    <WithStores stores={testAppStores({}, { player })}>
      {messages.map((m) => (
        <VoiceCell key={m.msgId} message={m} />
      ))}
    </WithStores>
  )
}

/** A touch where the finger stays put (jsdom wants only the fields the handler reads). */
const FINGER = { touches: [{ clientX: 5, clientY: 5 }] } as unknown as TouchEventInit

const bubble = (msgId: string): Element => {
  const el = document.getElementById(voiceAnchorId(msgId))
  if (!el) throw new Error(`no bubble for ${msgId}`)
  return el
}

const flush = async (utils: TestUtils): Promise<void> => {
  await utils.act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })
}

describe('VoiceCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
    cellMenu.close()
  })
  afterEach(() => {
    utils.unmout()
    jest.useRealTimers()
  })

  it('a tap plays the voice: stopped, then loading, then playing; a second tap stops it', async () => {
    const { engine, player } = makePlayer([voice(1), voice(2)])
    await mount(utils, Host, { player, messages: [voice(1), voice(2)] })
    expect(bubble('v1').className).toContain('voice-cell--stopped')
    utils.fireEvent.click(bubble('v1'))
    await flush(utils)
    expect(bubble('v1').className).toContain('voice-cell--loading')
    expect(engine.loads.map((l) => l.src)).toEqual(['https://media.example/v1.mp3'])
    utils.act(() => engine.listener.onPlay())
    expect(bubble('v1').className).toContain('voice-cell--playing')
    expect(bubble('v2').className).toContain('voice-cell--stopped')
    utils.fireEvent.click(bubble('v1'))
    expect(engine.stops).toBe(1)
    expect(bubble('v1').className).toContain('voice-cell--stopped')
  })

  it('is a button named by kind, length, sender and state, played with Enter and its menu opened from the keyboard', async () => {
    const { engine, player } = makePlayer([voice(1)])
    await mount(utils, Host, { player, messages: [voice(1)] })
    const name = (state: 'stopped' | 'loading' | 'playing') =>
      t('player.voice.label', { seconds: 12, name: 'Teacher', state: t(`player.voice.${state}`) })
    expect(bubble('v1').getAttribute('role')).toBe('button')
    expect(bubble('v1').getAttribute('tabindex')).toBe('0')
    expect(bubble('v1').getAttribute('aria-label')).toBe(name('stopped'))
    utils.fireEvent.keyDown(bubble('v1'), { key: 'Enter' })
    await flush(utils)
    expect(bubble('v1').getAttribute('aria-label')).toBe(name('loading'))
    utils.act(() => engine.listener.onPlay())
    expect(bubble('v1').getAttribute('aria-label')).toBe(name('playing'))
    expect(bubble('v1').getAttribute('aria-pressed')).toBe('true')

    utils.fireEvent.keyDown(bubble('v1'), { key: 'ContextMenu' })
    await flush(utils)
    const menu = document.querySelector('.cell-menu[role="dialog"]')
    expect(menu?.getAttribute('aria-label')).toBe(t('cells.menu.label'))
    expect(Array.from(document.querySelectorAll('.cell-menu__item[role="button"]')).map((item) => item.textContent)).toEqual([
      t('player.voice.noText'),
    ])
  })

  it('long press, "convert to text": converting, then the transcript with the finished hint', async () => {
    const { player } = makePlayer([voice(1, '今天讲第三章')])
    await mount(utils, Host, { player, messages: [voice(1, '今天讲第三章')] })
    fakeClock()
    utils.fireEvent.touchStart(bubble('v1'), FINGER)
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
    utils.fireEvent.touchEnd(bubble('v1'))
    const item = document.querySelector('.cell-menu__item')
    expect(item?.textContent).toBe(t('player.voice.convert'))
    utils.fireEvent.click(item as Element)
    expect(document.querySelector('.voice-cell__transcript')?.textContent).toBe(t('player.voice.converting'))
    utils.act(() => jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS))
    expect(document.querySelector('.voice-cell__text')?.textContent).toBe('今天讲第三章')
    expect(document.querySelector('.voice-cell__hint')?.textContent).toBe(t('player.voice.finished'))
  })

  it('a voice without text says so in the menu and shows no transcript', async () => {
    const { player } = makePlayer([voice(1)])
    await mount(utils, Host, { player, messages: [voice(1)] })
    fakeClock()
    utils.fireEvent.touchStart(bubble('v1'), FINGER)
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
    utils.fireEvent.touchEnd(bubble('v1'))
    const item = document.querySelector('.cell-menu__item')
    expect(item?.textContent).toBe(t('player.voice.noText'))
    utils.fireEvent.click(item as Element)
    utils.act(() => jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS))
    expect(document.querySelector('.voice-cell__transcript')).toBeNull()
  })
})
