import { imageAlt, pressable, type KeyLike } from '../../../src/ui/a11y'

function key(name: string, shiftKey = false): KeyLike & { prevented: boolean } {
  const event = {
    key: name,
    shiftKey,
    prevented: false,
    preventDefault() {
      event.prevented = true
    },
  }
  return event
}

describe('pressable', () => {
  it('activates a button or a radio with Enter and Space, a link with Enter only', () => {
    for (const role of ['button', 'radio'] as const) {
      const onPress = jest.fn()
      const props = pressable(onPress, { role })
      expect(props).toMatchObject({ role, tabindex: 0, 'aria-disabled': 'false' })
      props.onKeyDown(key('Enter'))
      props.onKeyDown(key(' '))
      props.onKeyDown(key('a'))
      expect(onPress).toHaveBeenCalledTimes(2)
    }
    const go = jest.fn()
    const link = pressable(go, { role: 'link' })
    const space = key(' ')
    link.onKeyDown(space)
    expect(go).not.toHaveBeenCalled()
    expect(space.prevented).toBe(false)
    link.onKeyDown(key('Enter'))
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('gives the tap the same handler, without the event; a disabled control ignores it', () => {
    const onPress = jest.fn()
    const props = pressable(onPress)
    const tap = { stopPropagation: jest.fn() }
    props.onClick(tap)
    expect(onPress).toHaveBeenCalledTimes(1)
    expect(onPress).toHaveBeenCalledWith()
    expect(tap.stopPropagation).not.toHaveBeenCalled()

    pressable(onPress, { disabled: true }).onClick(tap)
    expect(onPress).toHaveBeenCalledTimes(1)

    pressable(onPress, { stopPropagation: true }).onClick(tap)
    expect(tap.stopPropagation).toHaveBeenCalledTimes(1)
    expect(onPress).toHaveBeenCalledTimes(2)
  })

  it('opens the long-press menu with the ContextMenu key or Shift+F10, never when disabled', () => {
    const onPress = jest.fn()
    const onMenu = jest.fn()
    const props = pressable(onPress, { onMenu })
    const contextMenu = key('ContextMenu')
    props.onKeyDown(contextMenu)
    props.onKeyDown(key('F10', true))
    props.onKeyDown(key('F10'))
    expect(onMenu).toHaveBeenCalledTimes(2)
    expect(contextMenu.prevented).toBe(true)
    expect(onPress).not.toHaveBeenCalled()

    const disabled = pressable(onPress, { onMenu, disabled: true })
    expect(disabled.tabindex).toBe(-1)
    disabled.onKeyDown(key('ContextMenu'))
    disabled.onKeyDown(key('Enter'))
    expect(onMenu).toHaveBeenCalledTimes(2)
    expect(onPress).not.toHaveBeenCalled()
  })
})

describe('imageAlt', () => {
  it('names an image in both builds, or hides a decorative one', () => {
    expect(imageAlt('林老师')).toEqual({ 'aria-label': '林老师', nativeProps: { alt: '林老师' } })
    expect(imageAlt(null)).toEqual({ 'aria-hidden': 'true', nativeProps: { alt: '' } })
  })
})
