import { Button, Text, View } from '../platform/components/basic'
import { pressable } from './a11y'
import { cx } from './classNames'
import './StateView.scss'

export interface StateViewProps {
  kind: 'loading' | 'empty' | 'error'
  title: string
  detail?: string
  /** the action button (say 'retry'); shown only with `onAction` */
  actionText?: string
  onAction?: () => void
  /** extra classes on the block */
  className?: string
}

/**
 * The loading, empty and error states every screen uses. Screen readers hear loading and empty
 * as a status and an error as an alert.
 */
export function StateView({ kind, title, detail, actionText, onAction, className }: StateViewProps) {
  return (
    <View
      className={cx('state-view', `state-view--${kind}`, className)}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {kind === 'loading' ? <View className='state-view__spinner' /> : <View className={`state-view__icon state-view__icon--${kind}`} />}
      <Text className='state-view__title'>{title}</Text>
      {detail ? <Text className='state-view__detail'>{detail}</Text> : null}
      {actionText && onAction ? (
        <Button className='state-view__action' {...pressable(onAction)}>
          {actionText}
        </Button>
      ) : null}
    </View>
  )
}
