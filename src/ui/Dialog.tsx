import type { ReactNode } from 'react'
import { Button, Text, View } from '../platform/components/basic'
import { t } from '../locales'
import { pressable, scriptFocusable, useModalFocus, useUiId } from './a11y'
import { cx } from './classNames'
import { Overlay } from './Overlay'
import './Dialog.scss'

export interface DialogAction {
  text: string
  onPress: () => void
  /** the main action, drawn filled; at most one per dialog, placed last */
  primary?: boolean
  /** extra classes on this button (a screen keeps its own names on it) */
  className?: string
}

/** Extra classes for the parts of a dialog, beside the kit's own `ui-dialog__*` names. */
export interface DialogClassNames {
  /** the full-screen layer */
  mask?: string
  title?: string
  /** the block holding the body text and the children */
  body?: string
  /** the body text */
  text?: string
  actions?: string
}

interface DialogFrameProps {
  /** the heading; the dialog is labelled by it, or by its body when there is none */
  title?: string
  /** the message as plain text */
  body?: string
  /** richer content, after the body text (a price, a QR code) */
  children?: ReactNode
  /** extra classes on the panel */
  className?: string
  classNames?: DialogClassNames
  /** a tap on the mask around the panel (e.g. to dismiss); without it the mask ignores taps */
  onMaskPress?: () => void
  /** the Escape key; defaults to the cancelling action (the first of two, or the only one) */
  onEscape?: () => void
}

export interface DialogProps extends DialogFrameProps {
  /** one or two buttons in reading order: the cancelling one first, the primary one last */
  actions: readonly [DialogAction] | readonly [DialogAction, DialogAction]
}

/**
 * A modal dialog on an `Overlay`: title, body, one or two buttons. For screen readers it is a
 * `role='dialog'` with `aria-modal`, labelled by its title (or body) and described by its body; on
 * H5 it takes keyboard focus when it opens, keeps Tab inside, answers Escape and gives focus back
 * to its opener when it closes (`useModalFocus`). It does not close itself: every button and
 * Escape call back and the screen decides.
 */
export function Dialog({ title, body, children, actions, className, classNames = {}, onMaskPress, onEscape }: DialogProps) {
  const id = useUiId()
  const titleId = `${id}-title`
  const bodyId = `${id}-body`
  useModalFocus(id, onEscape ?? actions[0].onPress)
  return (
    <Overlay className={classNames.mask} onMaskPress={onMaskPress}>
      <View
        id={id}
        className={cx('ui-dialog', className)}
        role='dialog'
        aria-modal='true'
        aria-labelledby={title ? titleId : bodyId}
        aria-describedby={title ? bodyId : undefined}
        {...scriptFocusable}
      >
        {title ? (
          <Text id={titleId} className={cx('ui-dialog__title', classNames.title)}>
            {title}
          </Text>
        ) : null}
        <View id={bodyId} className={cx('ui-dialog__body', classNames.body)}>
          {body ? <Text className={cx('ui-dialog__text', classNames.text)}>{body}</Text> : null}
          {children}
        </View>
        <View className={cx('ui-dialog__actions', classNames.actions)}>
          {actions.map((action, index) => (
            <Button
              key={index}
              className={cx('ui-dialog__button', action.primary && 'ui-dialog__button--primary', action.className)}
              {...pressable(action.onPress)}
            >
              {action.text}
            </Button>
          ))}
        </View>
      </View>
    </Overlay>
  )
}

export interface AlertDialogProps extends DialogFrameProps {
  /** the one button; default 'OK' */
  buttonText?: string
  buttonClassName?: string
  onClose: () => void
}

/** A message with one button that acknowledges it. */
export function AlertDialog({ buttonText, buttonClassName, onClose, ...frame }: AlertDialogProps) {
  return <Dialog {...frame} actions={[{ text: buttonText ?? t('ui.dialog.ok'), onPress: onClose, primary: true, className: buttonClassName }]} />
}

export interface ConfirmDialogProps extends DialogFrameProps {
  /** default 'OK' */
  confirmText?: string
  /** default 'Cancel' */
  cancelText?: string
  confirmClassName?: string
  cancelClassName?: string
  onConfirm: () => void
  onCancel: () => void
}

/** A question with cancel (first) and confirm (last, primary). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { confirmText, cancelText, confirmClassName, cancelClassName, onConfirm, onCancel, ...frame } = props
  return (
    <Dialog
      {...frame}
      actions={[
        { text: cancelText ?? t('ui.dialog.cancel'), onPress: onCancel, className: cancelClassName },
        { text: confirmText ?? t('ui.dialog.confirm'), onPress: onConfirm, primary: true, className: confirmClassName },
      ]}
    />
  )
}
