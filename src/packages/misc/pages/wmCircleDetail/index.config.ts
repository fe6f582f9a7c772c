export default definePageConfig({ navigationBarTitleText: '圈子详情', navigationBarBackgroundColor: '#ffffff' })
