export default definePageConfig({ navigationBarTitleText: '群空间详情', navigationBarBackgroundColor: '#ffffff' })
