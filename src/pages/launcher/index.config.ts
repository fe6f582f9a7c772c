import { DEMO_BUILD } from '../../app/buildMode'
import { buildTimeTitle } from '../../locales/buildTitle'

// the first page is the launcher in a demo build, the listener's home in a production one
export default definePageConfig({ navigationBarTitleText: buildTimeTitle(DEMO_BUILD ? 'Launcher' : 'Home') })
