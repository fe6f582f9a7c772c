import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({ navigationBarTitleText: buildTimeTitle('M4aPlayer'), navigationBarBackgroundColor: '#ffffff' })
