export default definePageConfig({ navigationBarTitleText: '音频播放', navigationBarBackgroundColor: '#ffffff' })
