import { makeAutoObservable } from 'mobx'

/**
 * Which video cell plays (spec 000 §4 "Video": starting one stops the others). Each cell
 * instance has its own key, so a quoted copy of a video is a separate player.
 */
export class VideoPlayback {
  activeKey: number | null = null
  private nextKey = 1

  constructor() {
    makeAutoObservable(this)
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
