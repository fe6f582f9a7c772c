import { useCallback, useEffect, useState } from 'react'

/**
 * Seconds left of a resend countdown (spec 000 §9: 60 s), ticking once a second; 0 when idle.
 * The interval is cleared when it reaches 0 or the dialog closes.
 */
export function useCountdown(): { remaining: number; start(seconds: number): void } {
  const [remaining, setRemaining] = useState(0)
  const running = remaining > 0
  useEffect(() => {
    if (!running) return undefined
    const timer = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000)
    return () => clearInterval(timer)
  }, [running])
  const start = useCallback((seconds: number) => setRemaining(seconds), [])
  return { remaining, start }
}
