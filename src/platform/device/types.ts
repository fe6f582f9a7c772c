import type { ResumeDevice } from '../../domain/resume'

/** What the listener's device is and when the app leaves the screen (docs/ARCHITECTURE.md "Platform"). */
export interface PlatformDevice {
  /** the kind of device, as "continue from 12:34 (from your phone)" names it */
  kind(): ResumeDevice
  /**
   * Calls `listener` when the app goes out of sight (another app, the screen off, the tab hidden
   * or closed); answers how to stop listening.
   */
  onHide(listener: () => void): () => void
}
