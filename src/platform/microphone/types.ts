/** The microphone for speech-to-text: 16 kHz mono 16-bit PCM as it is recorded (spec 000 §7). */
export interface MicrophoneHandlers {
  /** 16 kHz mono 16-bit samples, in recording order */
  onAudio(samples: Int16Array): void
  /** the recording stopped on its own (permission withdrawn, device gone, the system's limit) */
  onError(message: string): void
}

export interface Microphone {
  stop(): void
}

export interface MicrophonePlatform {
  /** spec 000 §5, §8: the page needs a WebSocket and an audio API; without them it says so */
  supported(): boolean
  /** Starts recording; rejects when the microphone cannot be opened (refused, absent). */
  open(handlers: MicrophoneHandlers): Promise<Microphone>
}
