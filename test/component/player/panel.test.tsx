import TestUtils from '@tarojs/test-utils-react'
import { AudioPanel } from '../../../src/features/player/AudioPanel'
import { M4aPlayerScreen } from '../../../src/features/audioFile/AudioFileScreens'
import { t } from '../../../src/locales'
import type { PlayerStore } from '../../../src/stores/player'
import { makePlayer, voice } from './support'
import { mount } from '../act'

const flush = async (utils: TestUtils): Promise<void> => {
  await utils.act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })
}

function $(selector: string): Element {
  const found = document.querySelector(selector)
  if (!found) throw new Error(`no ${selector} in ${document.body.innerHTML}`)
  return found
}

describe('AudioPanel', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  async function playingPanel(): Promise<ReturnType<typeof makePlayer>> {
    const setup = makePlayer([voice(1), voice(2)])
    setup.player.toggleVoice('v1')
    await flush(utils)
    setup.engine.listener.onPlay()
    setup.engine.listener.onTimeUpdate(75, 130)
    await mount(utils, AudioPanel, { player: setup.player })
    return setup
  }

  it('shows the now-playing title, elapsed and total time and the five speeds', async () => {
    await playingPanel()
    expect($('.audio-panel__title').textContent).toBe(t('player.panel.nowPlaying', { name: 'Teacher · Lesson' }))
    expect($('.seek-bar__time--elapsed').textContent).toBe('1:15')
    expect($('.seek-bar__time--total').textContent).toBe('2:10')
    expect(Array.from(document.querySelectorAll('.audio-panel__rate')).map((e) => e.textContent)).toEqual([
      '0.75X',
      '1.0X',
      '1.2X',
      '1.5X',
      '2.0X',
    ])
    expect($('.audio-panel__rate--active').textContent).toBe('1.0X')
  })

  it('a speed choice changes the rate; play/pause and close reach the player', async () => {
    const { engine, player } = await playingPanel()
    utils.fireEvent.click(Array.from(document.querySelectorAll('.audio-panel__rate'))[3])
    expect(engine.rates).toEqual([1.5])
    expect($('.audio-panel__rate--active').textContent).toBe('1.5X')
    utils.fireEvent.click($('.audio-panel__toggle--pause'))
    expect(player.status).toBe('paused')
    expect(document.querySelector('.audio-panel__toggle--play')).not.toBeNull()
    utils.fireEvent.click($('.audio-panel__close'))
    expect(engine.stops).toBe(1)
    expect(player.panelVisible).toBe(false)
  })

  it('offers the speeds as a radio group and the position as a slider, both usable from the keyboard', async () => {
    const { engine } = await playingPanel()
    const group = $('.audio-panel__rates')
    expect(group.getAttribute('role')).toBe('radiogroup')
    expect(group.getAttribute('aria-label')).toBe(t('player.panel.speed'))
    const chips = Array.from(document.querySelectorAll('.audio-panel__rate'))
    expect(chips.map((chip) => [chip.getAttribute('role'), chip.getAttribute('aria-checked')])).toEqual([
      ['radio', 'false'],
      ['radio', 'true'],
      ['radio', 'false'],
      ['radio', 'false'],
      ['radio', 'false'],
    ])
    utils.fireEvent.keyDown(chips[3], { key: ' ' })
    expect(engine.rates).toEqual([1.5])
    expect(chips[3].getAttribute('aria-checked')).toBe('true')

    const slider = $('.seek-bar[role="slider"]')
    expect(slider.getAttribute('aria-valuenow')).toBe('75')
    expect(slider.getAttribute('aria-valuemax')).toBe('130')
    expect(slider.getAttribute('aria-valuetext')).toBe(t('player.panel.seekValue', { position: '1:15', duration: '2:10' }))
    utils.fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(engine.seeks).toEqual([80])
  })
})

function FileHost({ player, url }: { player: PlayerStore; url: string | null }) {
  return (
    <M4aPlayerScreen file={url ? { name: 'listening.m4a', url, fileExtension: 'm4a' } : null} player={player} />
  )
}

describe('M4aPlayerScreen', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('plays the file through the one player, shows its time, and stops it when the page closes', async () => {
    const { engine, player } = makePlayer([])
    await mount(utils, FileHost, { player, url: 'https://cdn.example/listening.m4a' })
    expect($('.audio-file__name').textContent).toBe('listening.m4a')
    expect(document.body.textContent).toContain(t('player.page.muteHint'))
    utils.fireEvent.click($('.audio-file__toggle'))
    await flush(utils)
    expect(engine.loads.map((l) => [l.src, l.title])).toEqual([['https://cdn.example/listening.m4a', 'listening.m4a']])
    utils.act(() => {
      engine.listener.onPlay()
      engine.listener.onTimeUpdate(3, 61)
    })
    expect($('.seek-bar__time--total').textContent).toBe('1:01')
    expect($('.audio-file__toggle').className).toContain('audio-panel__toggle--pause')
    utils.unmout()
    expect(engine.stops).toBe(1)
    expect(player.current).toBeUndefined()
  })

  it('shows the length of the file before it is played, and keeps it while the file loads', async () => {
    const url = 'https://cdn.example/weekend.m4a'
    const { engine, player } = makePlayer([])
    engine.durations.set(url, 6.44)
    await mount(utils, FileHost, { player, url })
    await flush(utils)
    expect($('.seek-bar__time--total').textContent).toBe('0:06')
    expect(engine.loads).toEqual([])
    utils.fireEvent.click($('.audio-file__toggle'))
    await flush(utils)
    expect(engine.loads.map((l) => l.src)).toEqual([url])
    expect($('.seek-bar__time--total').textContent).toBe('0:06')
  })

  it('says the parameters are incomplete instead of showing a dead player', async () => {
    const { player } = makePlayer([])
    await mount(utils, FileHost, { player, url: null })
    expect(document.body.textContent).toContain(t('player.page.badParams'))
    expect(document.querySelector('.audio-file__toggle')).toBeNull()
  })
})
