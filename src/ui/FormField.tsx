import type { ReactNode } from 'react'
import { Text, View } from '../platform/components/basic'
import { Input } from '../platform/components/input'
import type { InputProps } from '@tarojs/components'
import { useUiId } from './a11y'
import { cx } from './classNames'
import './FormField.scss'

/** The Taro `Input` props a field passes through. */
export type FormFieldInputProps = Pick<
  InputProps,
  'type' | 'password' | 'maxlength' | 'placeholder' | 'value' | 'disabled' | 'focus' | 'confirmType' | 'onInput' | 'onConfirm' | 'onFocus' | 'onBlur'
>

/** A digits-only field: a phone number ('tel') or a code ('numeric'). */
export type FormFieldKeypad = 'tel' | 'numeric'

export interface FormFieldProps extends FormFieldInputProps {
  /**
   * Digits only: the mini-program's number keypad, and on H5 an `<input type='tel'>` with the
   * matching `inputmode` and autofill (never `type='number'`, which screen readers announce as
   * a spin button).
   */
  keypad?: FormFieldKeypad
  /** names the input (linked to it for screen readers) */
  label: string
  /** the design shows only the placeholder: the label is hidden on screen but still names the input */
  hideLabel?: boolean
  /** the problem with the value; shown under the input as an alert and linked to it */
  error?: string
  /** beside the input in its row, before it (a country code) and after it (a send-code button) */
  prefix?: ReactNode
  suffix?: ReactNode
  /** extra classes: the field, its row, the input, the label, the error */
  className?: string
  rowClassName?: string
  inputClassName?: string
  labelClassName?: string
  errorClassName?: string
}

/**
 * A form row: label, input (with optional things beside it) and the error under it. On H5 the
 * native input gets `aria-labelledby` (the label), `aria-describedby` (the error) and
 * `aria-invalid`; the error is a `role='alert'`, read out as it appears.
 */
export function FormField(props: FormFieldProps) {
  const { label, hideLabel = false, keypad, error, prefix, suffix, className, rowClassName, inputClassName, labelClassName, errorClassName, ...input } = props
  const id = useUiId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const invalid = Boolean(error)
  return (
    <View className={cx('ui-field', invalid && 'ui-field--invalid', className)}>
      <Text id={labelId} className={cx('ui-field__label', hideLabel && 'ui-field__label--hidden', labelClassName)}>
        {label}
      </Text>
      <View className={cx('ui-field__row', rowClassName)}>
        {prefix}
        <Input
          {...input}
          type={keypad ? 'number' : input.type}
          className={cx('ui-field__input', inputClassName)}
          nativeProps={{
            ...(keypad ? { type: 'tel', inputmode: keypad, autocomplete: keypad === 'tel' ? 'tel-national' : 'one-time-code' } : {}),
            'aria-labelledby': labelId,
            'aria-describedby': invalid ? errorId : undefined,
            'aria-invalid': invalid ? 'true' : 'false',
          }}
        />
        {suffix}
      </View>
      {invalid ? (
        <View id={errorId} role='alert' className={cx('ui-field__error', errorClassName)}>
          {error}
        </View>
      ) : null}
    </View>
  )
}
