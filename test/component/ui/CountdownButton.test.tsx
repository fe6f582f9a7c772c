import { act } from 'react'
import { CountdownButton } from '../../../src/ui/CountdownButton'
import { t } from '../../../src/locales'
import { $, cleanup, deferred, flushPromises, isDisabled, keyDown, press, render, text } from './harness'

const BUTTON = '.ui-countdown'
/** Advances the fake clock inside act; awaited, the updates the timers caused are flushed too. */
const tick = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms)
  })
/** Fake clock and timers; animation frames stay real (Taro's components render on them). */
const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })

afterEach(async () => {
  await cleanup()
  jest.useRealTimers()
})

describe('CountdownButton', () => {
  it('is a named button, enabled, with the default label', async () => {
    await render(<CountdownButton onPress={jest.fn(async () => undefined)} />)
    expect($(BUTTON).getAttribute('role')).toBe('button')
    expect(text(BUTTON)).toBe(t('ui.countdown.idle'))
    expect(isDisabled(BUTTON)).toBe(false)
  })

  it('is disabled while sending, counts 60 s down once the send resolves, then re-enables', async () => {
    const send = deferred()
    const onPress = jest.fn(() => send.promise)
    await render(<CountdownButton onPress={onPress} className='get-code' countingClassName='get-code--waiting' />)
    fakeTimers()

    await press(BUTTON)
    expect(onPress).toHaveBeenCalledTimes(1)
    expect(isDisabled(BUTTON)).toBe(true)
    expect(text(BUTTON)).toBe(t('ui.countdown.idle'))
    await press(BUTTON)
    expect(onPress).toHaveBeenCalledTimes(1)

    send.resolve()
    await flushPromises()
    expect(text(BUTTON)).toBe(t('ui.countdown.counting', { seconds: 60 }))
    expect(isDisabled(BUTTON)).toBe(true)
    expect($(BUTTON).getAttribute('aria-disabled')).toBe('true')
    expect($(BUTTON).classList).toContain('get-code--waiting')

    await tick(1000)
    expect(text(BUTTON)).toBe(t('ui.countdown.counting', { seconds: 59 }))
    await press(BUTTON)
    await keyDown(BUTTON, 'Enter')
    expect(onPress).toHaveBeenCalledTimes(1)

    await tick(58_000)
    expect(text(BUTTON)).toBe(t('ui.countdown.counting', { seconds: 1 }))
    await tick(1000)
    expect(text(BUTTON)).toBe(t('ui.countdown.idle'))
    expect(isDisabled(BUTTON)).toBe(false)
    expect($(BUTTON).classList).not.toContain('get-code--waiting')
    expect(jest.getTimerCount()).toBe(0)

    await keyDown(BUTTON, 'Enter')
    expect(onPress).toHaveBeenCalledTimes(2)
  })

  it('measures the seconds against the clock, so a throttled timer cannot stretch the wait', async () => {
    await render(<CountdownButton onPress={async () => undefined} />)
    fakeTimers()
    await press(BUTTON)
    await flushPromises()
    // the timer slept through 30 s (a backgrounded mini-program), then fires once
    jest.setSystemTime(Date.now() + 30_000)
    await tick(1000)
    expect(text(BUTTON)).toBe(t('ui.countdown.counting', { seconds: 29 }))
  })

  it('stays enabled with no countdown when the send rejects (the caller shows the message)', async () => {
    const onPress = jest.fn(async () => {
      throw new Error('too soon')
    })
    await render(<CountdownButton onPress={onPress} />)
    await press(BUTTON)
    await flushPromises()
    expect(onPress).toHaveBeenCalledTimes(1)
    expect(text(BUTTON)).toBe(t('ui.countdown.idle'))
    expect(isDisabled(BUTTON)).toBe(false)
    await press(BUTTON)
    expect(onPress).toHaveBeenCalledTimes(2)
  })

  it('starts no countdown when the send resolves false (nothing was sent)', async () => {
    await render(<CountdownButton onPress={async () => false} />)
    await press(BUTTON)
    await flushPromises()
    expect(text(BUTTON)).toBe(t('ui.countdown.idle'))
    expect(isDisabled(BUTTON)).toBe(false)
  })

  it('takes its length and labels from props', async () => {
    await render(<CountdownButton onPress={async () => undefined} seconds={5} label='Send' countingLabel={(s) => `wait ${s}`} />)
    expect(text(BUTTON)).toBe('Send')
    fakeTimers()
    await press(BUTTON)
    await flushPromises()
    expect(text(BUTTON)).toBe('wait 5')
    await tick(5000)
    expect(text(BUTTON)).toBe('Send')
  })

  it('does nothing while the caller disables it', async () => {
    const onPress = jest.fn(async () => undefined)
    await render(<CountdownButton onPress={onPress} disabled />)
    expect(isDisabled(BUTTON)).toBe(true)
    await press(BUTTON)
    await keyDown(BUTTON, 'Enter')
    expect(onPress).not.toHaveBeenCalled()
  })

  it('clears its timer when it unmounts, counting or still sending', async () => {
    const view = await render(<CountdownButton onPress={async () => undefined} />)
    fakeTimers()
    await press(BUTTON)
    await flushPromises()
    expect(jest.getTimerCount()).toBe(1)
    await view.unmount()
    expect(jest.getTimerCount()).toBe(0)

    const send = deferred()
    const later = await render(<CountdownButton onPress={() => send.promise} />)
    await press(BUTTON)
    await later.unmount()
    send.resolve()
    await flushPromises()
    expect(jest.getTimerCount()).toBe(0)
  })
})
