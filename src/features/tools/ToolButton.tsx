import { View } from '../../platform/components/basic'
import { pressable } from '../../ui/a11y'
import { cx } from '../../ui/classNames'

/** A full-width button of the test pages: 44 px or taller, Enter/Space, disabled while busy. */
export function ToolButton({ label, name, onPress, disabled = false, secondary = false }: {
  label: string
  /** the accessible name when it says more than the label */
  name?: string
  onPress: () => void
  disabled?: boolean
  secondary?: boolean
}) {
  return (
    <View
      className={cx('tools__button', secondary && 'tools__button--secondary', disabled && 'tools__button--disabled')}
      {...pressable(onPress, { disabled })}
      aria-label={name ?? label}
    >
      {label}
    </View>
  )
}
