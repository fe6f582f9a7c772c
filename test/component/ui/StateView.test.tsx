import { StateView } from '../../../src/ui/StateView'
import { $, cleanup, keyDown, press, render, text } from './harness'

afterEach(cleanup)

describe('StateView', () => {
  it('shows the title, the detail and an action that calls back', async () => {
    const onAction = jest.fn()
    await render(<StateView kind='error' title='Failed' detail='network down' actionText='Retry' onAction={onAction} />)
    expect(text('.state-view__title')).toBe('Failed')
    expect(text('.state-view__detail')).toBe('network down')
    await press('.state-view__action')
    expect(onAction).toHaveBeenCalledTimes(1)
  })

  it("draws its kind's picture, or the one asked for, hidden from screen readers (issue 30 item 15: no empty disc)", async () => {
    const view = await render(<StateView kind='empty' title='Nothing here' />)
    expect($('.state-view__icon').className).toContain('state-view__icon--empty')
    expect($('.state-view__icon').getAttribute('aria-hidden')).toBe('true')
    await view.rerender(<StateView kind='error' title='Failed' />)
    expect($('.state-view__icon').className).toContain('state-view__icon--error')
    await view.rerender(<StateView kind='empty' icon='user' title='Not logged in' />)
    expect($('.state-view__icon').className).toContain('state-view__icon--user')
  })

  it('has no action button without a handler', async () => {
    await render(<StateView kind='empty' title='Nothing here' actionText='Retry' />)
    expect(text('.state-view__title')).toBe('Nothing here')
    expect(document.querySelector('.state-view__action')).toBeNull()
  })

  it('is an alert when it reports an error and a status otherwise', async () => {
    const view = await render(<StateView kind='error' title='Failed' />)
    expect($('.state-view').getAttribute('role')).toBe('alert')
    await view.rerender(<StateView kind='loading' title='Loading' className='lesson__loading' />)
    expect($('.state-view').getAttribute('role')).toBe('status')
    expect($('.state-view').classList).toContain('lesson__loading')
    expect($('.state-view').classList).toContain('state-view--loading')
  })

  it('makes its action a keyboard-usable button', async () => {
    const onAction = jest.fn()
    await render(<StateView kind='error' title='Failed' actionText='Retry' onAction={onAction} />)
    expect($('.state-view__action').getAttribute('role')).toBe('button')
    await keyDown('.state-view__action', ' ')
    expect(onAction).toHaveBeenCalledTimes(1)
  })
})
