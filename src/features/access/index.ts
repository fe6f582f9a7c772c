/** The lock, open-in-browser and share-reward pieces the viewer and the purchase page both show. */
export { OpenInBrowser } from './OpenInBrowser'
export { PasswordLock } from './passwordLockPart'
export { ShareRewardTip } from './ShareRewardTip'
