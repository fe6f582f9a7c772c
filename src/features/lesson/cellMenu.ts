import { makeAutoObservable } from 'mobx'

/**
 * The one open cell menu of the lesson viewer (spec 000 §2: "only one cell menu is open at a
 * time"). A cell opens its menu under its own key (its msgId); opening another closes the first.
 */
export class CellMenuState {
  openKey: string | null = null

  constructor() {
    makeAutoObservable(this)
  }

  open(key: string): void {
    this.openKey = key
  }

  /** Closes the menu of `key`, or whichever is open when no key is given. */
  close(key?: string): void {
    if (key === undefined || this.openKey === key) this.openKey = null
  }

  isOpen(key: string): boolean {
    return this.openKey === key
  }
}

export const cellMenu = new CellMenuState()
