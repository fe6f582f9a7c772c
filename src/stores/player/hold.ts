/** A rate change pauses, then resumes after this long. */
export const RATE_RESUME_DELAY_MS = 300

/**
 * A pause the player makes itself and will undo: for a rate change (spec 000 §4: playing resumes
 * RATE_RESUME_DELAY_MS after the last change) or while the bar is dragged (resumes on release).
 * While one is held, the engine's pause and play reports are the player's own doing.
 */
export class Hold {
  private kind: 'rate' | 'drag' | undefined = undefined
  private timer: ReturnType<typeof setTimeout> | undefined = undefined

  get held(): boolean {
    return this.kind !== undefined
  }

  get forRate(): boolean {
    return this.kind === 'rate'
  }

  /** Holds for a rate change; `resume` runs once, RATE_RESUME_DELAY_MS after the last call. */
  holdForRate(resume: () => void): void {
    this.kind = 'rate'
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      if (this.kind !== 'rate') return
      this.kind = undefined
      resume()
    }, RATE_RESUME_DELAY_MS)
  }

  holdForDrag(): void {
    this.kind = 'drag'
  }

  /** Ends a drag hold: true when playing should go on (it was playing when the drag began). */
  releaseDrag(): boolean {
    if (this.kind !== 'drag') return false
    this.kind = undefined
    return true
  }

  /** Nothing will be resumed: the user or the engine took over. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.kind = undefined
  }
}
