import { appPages, subPackages } from './domain/routes'

// Pages come from the route table: the lesson viewer and what it needs stay in the main
// package; money, live, invite, vip and misc pages are subpackages (docs/ARCHITECTURE.md "Composition per package").
export default defineAppConfig({
  pages: appPages(),
  // the deferred one among them, with the main package's code loaded on demand (route Illegal)
  subPackages: subPackages(),
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
