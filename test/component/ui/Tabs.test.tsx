import { useState } from 'react'
import { Tabs, type TabItem } from '../../../src/ui/Tabs'
import { $$, cleanup, keyDown, press, render, until } from './harness'

type Key = 'bought' | 'selling' | 'shared'
const ITEMS: TabItem<Key>[] = [
  { key: 'bought', label: 'Bought' },
  { key: 'selling', label: 'On sale', className: 'profile__selling' },
  { key: 'shared', label: 'Shared' },
]

afterEach(cleanup)

const tabs = () => $$('[role="tab"]')
const selected = () => tabs().map((tab) => tab.getAttribute('aria-selected'))

/** A screen that keeps the selection, as the profile page would. */
function Controlled({ onChange }: { onChange?: (key: Key) => void }) {
  const [value, setValue] = useState<Key>('bought')
  return (
    <Tabs
      items={ITEMS}
      value={value}
      label='Lists'
      panelIdOf={(key) => `panel-${key}`}
      onChange={(key) => {
        onChange?.(key)
        setValue(key)
      }}
    />
  )
}

describe('Tabs', () => {
  it('is a labelled tablist of tabs, the selected one marked and alone in the Tab order', async () => {
    await render(<Controlled />)
    const list = $$('[role="tablist"]')
    expect(list).toHaveLength(1)
    expect(list[0].getAttribute('aria-label')).toBe('Lists')
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Bought', 'On sale', 'Shared'])
    expect(selected()).toEqual(['true', 'false', 'false'])
    expect(tabs().map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
    expect(tabs().map((tab) => tab.getAttribute('aria-controls'))).toEqual(['panel-bought', 'panel-selling', 'panel-shared'])
    expect(tabs()[0].classList).toContain('ui-tabs__tab--selected')
    expect(tabs()[1].classList).toContain('profile__selling')
  })

  it('chooses a tab on tap, and not again when it is already chosen', async () => {
    const onChange = jest.fn()
    await render(<Controlled onChange={onChange} />)
    await press('.profile__selling')
    expect(onChange).toHaveBeenCalledWith('selling')
    expect(selected()).toEqual(['false', 'true', 'false'])
    await press('.profile__selling')
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('moves with the arrow keys (wrapping), Home and End, taking the focus along', async () => {
    const onChange = jest.fn<void, [Key]>()
    await render(<Controlled onChange={onChange} />)
    const focused = () => tabs().indexOf(document.activeElement as HTMLElement)

    const right = await keyDown('[role="tab"][aria-selected="true"]', 'ArrowRight')
    expect(right.defaultPrevented).toBe(true)
    expect(selected()).toEqual(['false', 'true', 'false'])
    await until(() => expect(focused()).toBe(1))

    await keyDown('[role="tab"][aria-selected="true"]', 'End')
    expect(selected()).toEqual(['false', 'false', 'true'])
    await keyDown('[role="tab"][aria-selected="true"]', 'ArrowRight')
    expect(selected()).toEqual(['true', 'false', 'false'])
    await keyDown('[role="tab"][aria-selected="true"]', 'ArrowLeft')
    expect(selected()).toEqual(['false', 'false', 'true'])
    await until(() => expect(focused()).toBe(2))
    await keyDown('[role="tab"][aria-selected="true"]', 'Home')
    expect(selected()).toEqual(['true', 'false', 'false'])
    expect(onChange.mock.calls.map(([key]) => key)).toEqual(['selling', 'shared', 'bought', 'shared', 'bought'])
  })

  it('chooses the focused tab with Enter or Space', async () => {
    const onChange = jest.fn()
    await render(<Tabs items={ITEMS} value='bought' onChange={onChange} variant='segments' />)
    expect($$('.ui-tabs--segments')).toHaveLength(1)
    await keyDown('.profile__selling', 'Enter')
    await keyDown('.profile__selling', ' ')
    expect(onChange.mock.calls).toEqual([['selling'], ['selling']])
    await keyDown('.profile__selling', 'x')
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})
