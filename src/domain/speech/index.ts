export { Resampler, toPcm16, base64, pcm16Base64 } from './pcm'
export { FRAME_INTERVAL_MS, FRAME_SAMPLES, FrameQueue, SilenceWatch, SILENCE_RMS, encodeFrame, type Frame } from './frames'
export { Transcript, readIatAnswer, resultText } from './transcript'
export { iatFailure, microphoneFailure, type IatFailure, type MicrophoneFailure } from './failure'
