import { buildTimeTitle } from '../../../../locales/buildTitle'

// spec 001 §2 gives /vipAlert no title; issue 30 item 11: every page has one (an untitled H5 page
// showed the site's default, 课程回放, and the mini-program an empty bar)
export default definePageConfig({ navigationBarTitleText: buildTimeTitle('VipAlert') })
