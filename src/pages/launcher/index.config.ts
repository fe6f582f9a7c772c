export default definePageConfig({ navigationBarTitleText: '演示入口' })
