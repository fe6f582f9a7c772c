import { useState } from 'react'
import { FormField } from '../../../src/ui/FormField'
import { $, cleanup, render, text, typeInto } from './harness'

afterEach(cleanup)

/** The native input inside Taro's `taro-input-core`. */
const nativeInput = (selector: string) => $(`${selector} input`) as HTMLInputElement

describe('FormField', () => {
  it('names the input by its label and passes the input props through', async () => {
    await render(
      <FormField label='Phone' type='number' maxlength={11} placeholder='Enter your phone' value='138' inputClassName='bind__phone' onInput={jest.fn()} />,
    )
    const input = nativeInput('.bind__phone')
    expect(document.getElementById(input.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Phone')
    expect(input.getAttribute('type')).toBe('number')
    expect(input.getAttribute('maxlength')).toBe('11')
    expect(input.getAttribute('placeholder')).toBe('Enter your phone')
    expect(input.value).toBe('138')
    expect(input.getAttribute('aria-invalid')).toBe('false')
    expect(input.hasAttribute('aria-describedby')).toBe(false)
    expect($('.ui-field__label').classList).not.toContain('ui-field__label--hidden')
  })

  it('reports typing through onInput', async () => {
    function Field() {
      const [value, setValue] = useState('')
      return (
        <>
          <FormField label='Code' value={value} inputClassName='code' onInput={(e) => setValue(e.detail.value)} />
          <span className='echo'>{value}</span>
        </>
      )
    }
    await render(<Field />)
    await typeInto('.code', '1234')
    expect(text('.echo')).toBe('1234')
  })

  it('shows the error as an alert linked to the input, with the screen classes', async () => {
    const view = await render(<FormField label='Password' password inputClassName='lock__input' />)
    expect(document.querySelector('[role="alert"]')).toBeNull()
    await view.rerender(
      <FormField label='Password' hideLabel password inputClassName='lock__input' error='Wrong password' errorClassName='lock__error' className='lock__field' />,
    )
    const error = $('.lock__error')
    expect(error.getAttribute('role')).toBe('alert')
    expect(error.textContent).toBe('Wrong password')
    const input = nativeInput('.lock__input')
    expect(input.getAttribute('type')).toBe('password')
    expect(input.getAttribute('aria-describedby')).toBe(error.id)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect($('.lock__field').classList).toContain('ui-field--invalid')
    expect($('.ui-field__label').classList).toContain('ui-field__label--hidden')
  })

  it('puts prefix and suffix beside the input in its row', async () => {
    await render(<FormField label='Phone' rowClassName='bind__row' prefix={<span className='cc'>+86</span>} suffix={<span className='send'>Send</span>} />)
    const row = $('.bind__row')
    expect(Array.from(row.children).map((child) => child.className.split(' ')[0])).toEqual(['cc', 'ui-field__input', 'send'])
  })
})
