export default definePageConfig({ navigationBarTitleText: '警告' })
