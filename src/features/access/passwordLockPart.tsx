/** The password lock, bundled with the page (the mini-program's variant; passwordLockPart.h5.tsx loads it on demand). */
export { PasswordLock } from './PasswordLock'
