import { useEffect, useRef, useState } from 'react'
import { Button } from '../platform/components/basic'
import { SMS_RESEND_INTERVAL_MS } from '../../types/login'
import { t } from '../locales'
import { pressable } from './a11y'
import { cx } from './classNames'
import './CountdownButton.scss'

export interface CountdownButtonProps {
  /**
   * Sends the code. The countdown starts when this resolves, unless it resolves `false` (nothing
   * was sent: say the phone number failed validation). A rejection leaves the button enabled; the
   * caller shows its message.
   */
  onPress: () => Promise<boolean | void>
  /** length of the countdown; default 60 (spec 000 §9) */
  seconds?: number
  /** the idle label; default 'Get code' */
  label?: string
  /** the label while counting; default 'Resend in {seconds}s' */
  countingLabel?: (secondsLeft: number) => string
  /** disabled by the caller (say while the form submits), besides while sending and counting */
  disabled?: boolean
  className?: string
  /** extra classes while counting down */
  countingClassName?: string
}

const DEFAULT_SECONDS = SMS_RESEND_INTERVAL_MS / 1000

/**
 * The SMS code button: pressing sends, then it counts down and stays disabled until it may send
 * again. Seconds are measured against the clock, so a throttled timer (a backgrounded mini-program)
 * cannot stretch the wait.
 */
export function CountdownButton(props: CountdownButtonProps) {
  const { onPress, seconds = DEFAULT_SECONDS, label, countingLabel, disabled = false, className, countingClassName } = props
  const [sending, setSending] = useState(false)
  const [left, setLeft] = useState(0)
  const endsAt = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const counting = left > 0
  useEffect(() => {
    if (!counting) return undefined
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000))), 1000)
    return () => clearInterval(timer)
  }, [counting])

  const unavailable = disabled || sending || counting
  const press = async () => {
    if (unavailable) return
    setSending(true)
    try {
      const sent = await onPress()
      if (mounted.current && sent !== false) {
        endsAt.current = Date.now() + seconds * 1000
        setLeft(seconds)
      }
    } catch {
      // the caller shows the message; the button stays ready for another try
    } finally {
      if (mounted.current) setSending(false)
    }
  }
  const onTap = () => void press()

  return (
    <Button
      className={cx('ui-countdown', counting && 'ui-countdown--counting', className, counting && countingClassName)}
      disabled={unavailable}
      {...pressable(onTap, { disabled: unavailable })}
    >
      {counting ? (countingLabel ?? defaultCountingLabel)(left) : (label ?? t('ui.countdown.idle'))}
    </Button>
  )
}

function defaultCountingLabel(secondsLeft: number): string {
  return t('ui.countdown.counting', { seconds: secondsLeft })
}
