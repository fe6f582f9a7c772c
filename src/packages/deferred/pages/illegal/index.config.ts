import { buildTimeTitle } from '../../../../locales/buildTitle'

export default definePageConfig({ navigationBarTitleText: buildTimeTitle('Illegal') })
