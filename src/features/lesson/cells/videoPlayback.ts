import { makeAutoObservable } from 'mobx'

/**
 * Which video cell plays (spec 000 §4 "Video": starting one stops the others). Each cell
 * instance has its own key, so a quoted copy of a video is a separate player.
 */
export class VideoPlayback {
  activeKey: number | null = null
  private nextKey = 1

  constructor() {
    // A cell takes its key while it renders: the counter is bookkeeping nothing observes, so it is
    // plain state (an observable changed during a render breaks MobX strict mode).
    makeAutoObservable<this, 'nextKey'>(this, { nextKey: false, newKey: false })
  }

  newKey(): number {
    return this.nextKey++
  }

  start(key: number): void {
    this.activeKey = key
  }

  stop(key: number): void {
    if (this.activeKey === key) this.activeKey = null
  }
}

export const videoPlayback = new VideoPlayback()
