import { scanSources } from './imports'

/**
 * Toasts, dialogs and the action menu go through src/platform/feedback: on H5 a call of Taro's
 * own anywhere else would bring its interaction module (8 KB gzip) back into the first load.
 */
const TARO_FEEDBACK = /\bTaro\.(showToast|hideToast|showLoading|hideLoading|showModal|showActionSheet)\b/g

function feedbackCalls(file: string, text: string): string[] {
  if (file.startsWith('src/platform/feedback/')) return []
  return [...text.matchAll(TARO_FEEDBACK)].map((match) => `${file} calls Taro.${match[1]}`)
}

describe('feedback goes through src/platform/feedback', () => {
  it('no source file outside it calls Taro’s toast, loading, modal or action sheet', () => {
    const { files, found } = scanSources(feedbackCalls)
    expect(files).toBeGreaterThan(300)
    expect(found).toEqual([])
  })

  it('catches a planted call and leaves the platform module alone', () => {
    expect(feedbackCalls('src/features/x/A.tsx', "void Taro.showToast({ title: 'x' })\nawait Taro.showModal({})")).toEqual([
      'src/features/x/A.tsx calls Taro.showToast',
      'src/features/x/A.tsx calls Taro.showModal',
    ])
    expect(feedbackCalls('src/features/x/A.tsx', 'Taro.showShareMenu({})')).toEqual([])
    expect(feedbackCalls('src/platform/feedback/index.weapp.ts', 'Taro.showToast({})')).toEqual([])
  })
})
