import { Resampler, toPcm16 } from '../../domain/speech'
import type { Microphone, MicrophonePlatform } from './types'

export type { Microphone, MicrophoneHandlers, MicrophonePlatform } from './types'

/** A buffer of the script processor: about 85 ms at 48 kHz. */
const BUFFER_SIZE = 4096

type AudioContextClass = typeof AudioContext

function audioContextClass(): AudioContextClass | undefined {
  if (typeof AudioContext !== 'undefined') return AudioContext
  return (window as Window & { webkitAudioContext?: AudioContextClass }).webkitAudioContext
}

/**
 * The browser's microphone through Web Audio: getUserMedia, then a script processor whose
 * buffers are resampled to 16 kHz and written as 16-bit PCM (src/domain/speech). A script
 * processor rather than an AudioWorklet: it needs no separate module file and every browser
 * that has getUserMedia has it.
 */
export const microphone: MicrophonePlatform = {
  supported: () =>
    typeof WebSocket !== 'undefined' && audioContextClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function',

  async open(handlers): Promise<Microphone> {
    const Context = audioContextClass()
    if (!Context) throw new Error('no Web Audio')
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } })
    const context = new Context()
    const source = context.createMediaStreamSource(stream)
    const processor = context.createScriptProcessor(BUFFER_SIZE, 1, 1)
    const resampler = new Resampler(context.sampleRate)
    let stopped = false
    processor.onaudioprocess = (event) => {
      if (stopped) return
      handlers.onAudio(toPcm16(resampler.push(event.inputBuffer.getChannelData(0))))
    }
    source.connect(processor)
    // a script processor runs only while it is connected to the output; it writes nothing to it
    processor.connect(context.destination)
    for (const track of stream.getAudioTracks()) {
      track.onended = () => {
        if (!stopped) handlers.onError('microphone ended')
      }
    }
    return {
      stop() {
        if (stopped) return
        stopped = true
        processor.disconnect()
        source.disconnect()
        for (const track of stream.getTracks()) track.stop()
        void context.close()
      },
    }
  },
}
