import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({ navigationBarTitleText: buildTimeTitle('GroupWelcome'), navigationBarBackgroundColor: '#ffffff' })
