import { DEFERRED_PACKAGE } from './domain/deferredPackage'
import { appPages, subPackages } from './domain/routes'

// Pages come from the route table: the lesson viewer and what it needs stay in the main
// package; money, live, invite, vip and misc pages are subpackages (docs/ARCHITECTURE.md "Composition per package").
export default defineAppConfig({
  pages: appPages(),
  // and the main package's code loaded on demand (domain/deferredPackage.ts)
  subPackages: [...subPackages(), DEFERRED_PACKAGE],
  // the lesson player keeps playing with the screen off (BackgroundAudioManager)
  requiredBackgroundModes: ['audio'],
  window: {
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ededed',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#ededed',
  },
})
