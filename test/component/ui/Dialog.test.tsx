import { act } from 'react'
import { AlertDialog, ConfirmDialog, Dialog } from '../../../src/ui/Dialog'
import { t } from '../../../src/locales'
import { $, $$, cleanup, keyDown, press, render, text, until } from './harness'

afterEach(cleanup)

describe('Dialog', () => {
  it('is a modal dialog labelled by its title and described by its body', async () => {
    await render(<Dialog title='Pay?' body='It costs ¥9.90' actions={[{ text: 'Close', onPress: jest.fn() }]} />)
    const dialog = $('[role="dialog"]')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Pay?')
    const body = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')
    expect(body?.textContent).toBe('It costs ¥9.90')
  })

  it('is labelled by its body when it has no title', async () => {
    await render(<Dialog body='Payment not confirmed yet' actions={[{ text: 'OK', onPress: jest.fn() }]} />)
    const dialog = $('[role="dialog"]')
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Payment not confirmed yet')
    expect(dialog.hasAttribute('aria-describedby')).toBe(false)
  })

  it('takes keyboard focus when it opens', async () => {
    await render(<Dialog title='Pay?' actions={[{ text: 'Close', onPress: jest.fn() }]} />)
    await until(() => expect(document.activeElement).toBe($('[role="dialog"]')))
  })

  it('renders each action as a named, focusable button with its own classes', async () => {
    const later = jest.fn()
    const pay = jest.fn()
    await render(
      <Dialog
        title='Pay?'
        className='pay-dialog'
        classNames={{ mask: 'pay-dialog__mask', title: 'pay-dialog__title' }}
        actions={[
          { text: 'Later', onPress: later, className: 'pay-dialog__later' },
          { text: 'Pay', onPress: pay, primary: true, className: 'pay-dialog__pay' },
        ]}
      >
        <span className='pay-dialog__price'>¥9.90</span>
      </Dialog>,
    )
    expect($('.pay-dialog__mask').classList).toContain('ui-overlay')
    expect($('.pay-dialog').getAttribute('role')).toBe('dialog')
    expect(text('.pay-dialog__title')).toBe('Pay?')
    expect(text('.ui-dialog__body .pay-dialog__price')).toBe('¥9.90')
    const buttons = $$('.ui-dialog__button')
    expect(buttons.map((b) => [b.getAttribute('role'), b.getAttribute('tabindex'), b.textContent])).toEqual([
      ['button', '0', 'Later'],
      ['button', '0', 'Pay'],
    ])
    expect($('.pay-dialog__pay').classList).toContain('ui-dialog__button--primary')
    expect($('.pay-dialog__later').classList).not.toContain('ui-dialog__button--primary')

    await press('.pay-dialog__later')
    expect(later).toHaveBeenCalledTimes(1)
    expect(pay).not.toHaveBeenCalled()
    await press('.pay-dialog__pay')
    expect(pay).toHaveBeenCalledTimes(1)
  })

  it('presses a button with Enter or Space, and Space does not scroll the page', async () => {
    const pay = jest.fn()
    await render(<Dialog title='Pay?' actions={[{ text: 'Pay', onPress: pay, className: 'pay' }]} />)
    await keyDown('.pay', 'Enter')
    const space = await keyDown('.pay', ' ')
    expect(pay).toHaveBeenCalledTimes(2)
    expect(space.defaultPrevented).toBe(true)
    await keyDown('.pay', 'a')
    expect(pay).toHaveBeenCalledTimes(2)
  })

  it('calls onMaskPress for a tap on the mask, not for a tap on the panel', async () => {
    const onMaskPress = jest.fn()
    await render(<Dialog title='Pay?' onMaskPress={onMaskPress} actions={[{ text: 'Close', onPress: jest.fn() }]} />)
    await press('.ui-dialog__title')
    expect(onMaskPress).not.toHaveBeenCalled()
    await press('.ui-overlay__mask')
    expect(onMaskPress).toHaveBeenCalledTimes(1)
  })
})

describe('AlertDialog', () => {
  it('has one primary button, OK by default, that closes it', async () => {
    const onClose = jest.fn()
    await render(<AlertDialog body='Saved' buttonClassName='saved__ok' onClose={onClose} />)
    expect($$('.ui-dialog__button')).toHaveLength(1)
    expect(text('.saved__ok')).toBe(t('ui.dialog.ok'))
    expect($('.saved__ok').classList).toContain('ui-dialog__button--primary')
    await press('.saved__ok')
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('ConfirmDialog', () => {
  it('puts cancel first and the primary confirm last, with default or given texts', async () => {
    const onConfirm = jest.fn()
    const onCancel = jest.fn()
    const view = await render(<ConfirmDialog title='Delete?' onConfirm={onConfirm} onCancel={onCancel} />)
    expect($$('.ui-dialog__button').map((b) => b.textContent)).toEqual([t('ui.dialog.cancel'), t('ui.dialog.confirm')])
    await view.rerender(
      <ConfirmDialog
        title='Delete?'
        confirmText='Delete'
        cancelText='Keep'
        confirmClassName='del__yes'
        cancelClassName='del__no'
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    expect($$('.ui-dialog__button').map((b) => b.textContent)).toEqual(['Keep', 'Delete'])
    await press('.del__no')
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
    await press('.del__yes')
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect($('.del__yes').classList).toContain('ui-dialog__button--primary')
  })
})

describe('Dialog focus (H5 keyboard)', () => {
  function Page({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
    return (
      <>
        <button id='opener'>open</button>
        {open ? <ConfirmDialog title='Pay?' cancelClassName='no' confirmClassName='yes' onCancel={onCancel} onConfirm={onConfirm} /> : null}
      </>
    )
  }

  const pressKey = async (key: string, shiftKey = false): Promise<KeyboardEvent> => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true })
    await act(async () => {
      ;(document.activeElement ?? document.body).dispatchEvent(event)
    })
    return event
  }

  it('cancels on Escape and gives focus back to the opener when it closes', async () => {
    const onCancel = jest.fn()
    const onConfirm = jest.fn()
    const view = await render(<Page open={false} onCancel={onCancel} onConfirm={onConfirm} />)
    $('#opener').focus()
    await view.rerender(<Page open onCancel={onCancel} onConfirm={onConfirm} />)
    await until(() => expect(document.activeElement).toBe($('[role="dialog"]')))

    const escape = await pressKey('Escape')
    expect(escape.defaultPrevented).toBe(true)
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()

    await view.rerender(<Page open={false} onCancel={onCancel} onConfirm={onConfirm} />)
    expect(document.activeElement).toBe($('#opener'))
    // closed: Escape is the page's again
    await pressKey('Escape')
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('keeps Tab and Shift+Tab inside, wrapping at both ends', async () => {
    await render(<Page open onCancel={jest.fn()} onConfirm={jest.fn()} />)
    await until(() => expect(document.activeElement).toBe($('[role="dialog"]')))
    $('.yes').focus()
    const forward = await pressKey('Tab')
    expect(forward.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe($('.no'))
    const back = await pressKey('Tab', true)
    expect(back.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe($('.yes'))
    // focus outside (a click on the page behind) is pulled back in
    $('#opener').focus()
    await pressKey('Tab')
    expect(document.activeElement).toBe($('.no'))
  })
})
