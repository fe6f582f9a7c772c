import { Overlay } from '../../../src/ui/Overlay'
import { $, cleanup, press, render, text } from './harness'

afterEach(cleanup)

describe('Overlay', () => {
  it('covers the page with a mask and shows its content, keeping the screen class on the layer', async () => {
    await render(
      <Overlay className='pay-paying'>
        <span className='busy'>Paying…</span>
      </Overlay>,
    )
    expect($('.pay-paying').classList).toContain('ui-overlay')
    expect($('.pay-paying > .ui-overlay__mask')).toBeTruthy()
    expect(text('.pay-paying .ui-overlay__content .busy')).toBe('Paying…')
  })

  it('calls onMaskPress for a tap on the mask only', async () => {
    const onMaskPress = jest.fn()
    await render(
      <Overlay onMaskPress={onMaskPress}>
        <span className='busy'>Paying…</span>
      </Overlay>,
    )
    await press('.busy')
    expect(onMaskPress).not.toHaveBeenCalled()
    await press('.ui-overlay__mask')
    expect(onMaskPress).toHaveBeenCalledTimes(1)
  })

  it('catches drags (the mini-program page cannot scroll under it) unless told not to', async () => {
    const view = await render(<Overlay>x</Overlay>)
    expect($('.ui-overlay').getAttribute('catch-move')).toBe('true')
    await view.rerender(<Overlay lockScroll={false}>x</Overlay>)
    expect($('.ui-overlay').getAttribute('catch-move')).not.toBe('true')
  })
})
