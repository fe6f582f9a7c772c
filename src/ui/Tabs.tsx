import { Text, View } from '../platform/components/basic'
import { a11y } from '../platform/a11y'
import { pressable, useUiId, type KeyLike } from './a11y'
import { cx } from './classNames'
import './Tabs.scss'

export interface TabItem<K extends string> {
  key: K
  label: string
  /** extra classes on this tab */
  className?: string
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[]
  /** the selected tab's key */
  value: K
  /** a tab was chosen (never called for the tab already selected) */
  onChange: (key: K) => void
  /** 'tabs': underlined, for the sections of a page; 'segments': a joined switch, for sub-views */
  variant?: 'tabs' | 'segments'
  /** names the tab list for screen readers (say 'Bought' / 'On sale' → 'Lessons') */
  label?: string
  /** the id of the panel a tab shows, for aria-controls */
  panelIdOf?: (key: K) => string
  className?: string
}

/**
 * Tabs or segments: `role='tablist'` of `role='tab'` with `aria-selected`. Keyboard (H5): the
 * selected tab is in the Tab order; arrow keys, Home and End choose and focus another tab
 * (selection follows focus); Enter and Space choose the focused one.
 */
export function Tabs<K extends string>({ items, value, onChange, variant = 'tabs', label, panelIdOf, className }: TabsProps<K>) {
  const id = useUiId()
  const tabId = (index: number) => `${id}-tab-${index}`
  const current = items.findIndex((item) => item.key === value)

  const choose = (index: number) => {
    const item = items[index]
    if (item && item.key !== value) onChange(item.key)
  }

  /** the tab a navigation key moves to, from `from` */
  const target = (key: string, from: number): number | undefined => {
    const last = items.length - 1
    switch (key) {
      case 'ArrowRight':
        return from >= last ? 0 : from + 1
      case 'ArrowLeft':
        return from <= 0 ? last : from - 1
      case 'Home':
        return 0
      case 'End':
        return last
      default:
        return undefined
    }
  }

  return (
    <View className={cx('ui-tabs', `ui-tabs--${variant}`, className)} role='tablist' aria-label={label}>
      {items.map((item, index) => {
        const selected = index === current
        const press = pressable(() => choose(index), { role: 'tab', focusable: selected || (current < 0 && index === 0) })
        const onKeyDown = (event: KeyLike) => {
          const to = target(event.key, index)
          if (to === undefined) return press.onKeyDown(event)
          event.preventDefault()
          choose(to)
          a11y.focusById(tabId(to))
        }
        return (
          <View
            key={item.key}
            id={tabId(index)}
            className={cx('ui-tabs__tab', selected && 'ui-tabs__tab--selected', item.className)}
            aria-selected={selected ? 'true' : 'false'}
            aria-controls={panelIdOf?.(item.key)}
            {...{ ...press, onKeyDown }}
          >
            <Text className='ui-tabs__label'>{item.label}</Text>
          </View>
        )
      })}
    </View>
  )
}
