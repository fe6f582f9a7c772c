/**
 * AMR voice in the browser (H5 only): no browser plays AMR, so the file is decoded to PCM by
 * benz-amr-recorder (amr.js in a Web Worker) and wrapped as WAV for the one audio element.
 * Loaded with a dynamic import() from the H5 engine, so its ~450 KB stay out of the main bundle.
 */
import BenzAMRRecorder from 'benz-amr-recorder'
import { encodeWav } from './wav'

/** AMR-NB, the chat app's voice format, is 8 kHz mono. */
const AMR_NB_SAMPLE_RATE = 8000

/** Resolves with an object URL of a WAV file; the caller revokes it when done. */
export async function decodeAmr(url: string): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const samples: Float32Array | null = await new BenzAMRRecorder().decodeAMRAsync(bytes)
  if (!samples || samples.length === 0) throw new Error('not an AMR file')
  return URL.createObjectURL(new Blob([encodeWav(samples, AMR_NB_SAMPLE_RATE)], { type: 'audio/wav' }))
}
