import { Button, Text, View } from '../platform/components/basic'
import { pressable } from './a11y'
import { cx } from './classNames'
import './StateView.scss'

/** The picture over the title (drawn in CSS): what is empty, what failed, who is not logged in. */
export type StateIcon = 'empty' | 'error' | 'user'

export interface StateViewProps {
  kind: 'loading' | 'empty' | 'error'
  /** the picture; by default the kind's own (a sheet for empty, '!' for error) */
  icon?: StateIcon
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
export function StateView({ kind, icon, title, detail, actionText, onAction, className }: StateViewProps) {
  return (
    <View
      className={cx('state-view', `state-view--${kind}`, className)}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {kind === 'loading' ? (
        <View className='state-view__spinner' />
      ) : (
        <View className={`state-view__icon state-view__icon--${icon ?? kind}`} aria-hidden='true' />
      )}
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
