import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({ navigationBarTitleText: buildTimeTitle('Pay4group'), navigationBarBackgroundColor: '#ffffff' })
