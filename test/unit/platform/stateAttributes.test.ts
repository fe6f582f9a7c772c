import { stringifyStateAttributes } from '../../../src/platform/a11y/stateAttributes'

describe('stringifyStateAttributes (H5: ARIA states and data attributes reach the DOM on updates)', () => {
  it('writes boolean and number ARIA states and data attributes as the strings their attributes hold', () => {
    const props: Record<string, unknown> = { 'aria-pressed': true, 'aria-checked': false, 'aria-level': 2, 'data-index': 0, 'aria-valuenow': 1.5 }
    stringifyStateAttributes(props)
    expect(props).toEqual({ 'aria-pressed': 'true', 'aria-checked': 'false', 'aria-level': '2', 'data-index': '0', 'aria-valuenow': '1.5' })
  })

  it('leaves strings, absent values, functions, objects and every other prop as they are', () => {
    const onTap = () => undefined
    const style = { width: '44%' }
    const untouched: Record<string, unknown> = {
      'aria-label': '语音',
      'aria-describedby': undefined,
      'aria-owns': null,
      'data-handler': onTap,
      'data-style': style,
      disabled: true,
      tabIndex: 0,
      hidden: false,
      ariaPressed: true,
      arias: true,
    }
    const props = { ...untouched }
    stringifyStateAttributes(props)
    expect(props).toEqual(untouched)
    expect(props['data-handler']).toBe(onTap)
    expect(props['data-style']).toBe(style)
  })

  it('handles hostile values: NaN and Infinity become their strings, inherited props are not touched', () => {
    const inherited = Object.create({ 'aria-hidden': true }) as Record<string, unknown>
    inherited['aria-rowcount'] = Number.NaN
    inherited['aria-colcount'] = Number.POSITIVE_INFINITY
    stringifyStateAttributes(inherited)
    expect(Object.keys(inherited)).toEqual(['aria-rowcount', 'aria-colcount'])
    expect(inherited['aria-rowcount']).toBe('NaN')
    expect(inherited['aria-colcount']).toBe('Infinity')
    expect((Object.getPrototypeOf(inherited) as Record<string, unknown>)['aria-hidden']).toBe(true)
  })
})
