import { makeAutoObservable, runInAction } from 'mobx'
import type { IatAuth } from '../../../types/speech'
import { FRAME_INTERVAL_MS, FrameQueue, SilenceWatch, Transcript, encodeFrame, iatFailure, microphoneFailure, readIatAnswer } from '../../domain/speech'
import type { IatFailure, MicrophoneFailure } from '../../domain/speech'
import { messageOf } from '../../domain/errorMessage'
import type { Microphone, MicrophonePlatform } from '../../platform/microphone'
import type { ImSocket, OpenSocket } from '../../platform/socket'

/**
 * - idle: nothing yet (or after a result); `start` begins
 * - connecting: asking for the address, opening the socket and the microphone
 * - listening: recording and sending a frame every 40 ms; partial results show as they come
 * - finishing: the audio has ended (a tap, or 5 s of silence); waiting for the last result
 * - unsupported: no WebSocket or no audio API (spec 000 §8): the page alerts
 * - error: `error` says what failed
 */
export type SpeechStatus = 'idle' | 'connecting' | 'listening' | 'finishing' | 'unsupported' | 'error'

export interface SpeechDeps {
  iatAuth(): Promise<IatAuth>
  microphone: MicrophonePlatform
  openSocket: OpenSocket
  /** what a failure says, for the messages the store makes itself (by its kind, never the provider's words) */
  messages: { closed: () => string; microphone: (failure: MicrophoneFailure) => string; service: (failure: IatFailure, code: number) => string }
  interval?: { set(run: () => void, ms: number): unknown; clear(handle: unknown): void }
}

const realInterval = {
  set: (run: () => void, ms: number): unknown => setInterval(run, ms),
  clear: (handle: unknown): void => clearInterval(handle as ReturnType<typeof setInterval>),
}

/**
 * One speech-to-text session at a time (spec 000 §7, §9): the address from getIatAuth, the
 * microphone's 16 kHz PCM cut into frames (src/domain/speech), one frame every 40 ms, the
 * answers merged into `text` as they arrive. Ends on a tap (`stop`), on 5000 ms of silence, or
 * when the service sends its last result.
 */
export class SpeechStore {
  status: SpeechStatus = 'idle'
  text = ''
  error = ''
  private socket: ImSocket | undefined
  private microphone: Microphone | undefined
  private ticker: unknown
  private ending = false
  private session = 0

  constructor(private readonly deps: SpeechDeps) {
    makeAutoObservable<SpeechStore, 'deps' | 'socket' | 'microphone' | 'ticker' | 'ending' | 'session'>(this, {
      deps: false,
      socket: false,
      microphone: false,
      ticker: false,
      ending: false,
      session: false,
    })
  }

  get active(): boolean {
    return this.status === 'connecting' || this.status === 'listening' || this.status === 'finishing'
  }

  async start(): Promise<void> {
    if (this.active) return
    if (!this.deps.microphone.supported()) {
      this.status = 'unsupported'
      return
    }
    const session = ++this.session
    this.status = 'connecting'
    this.text = ''
    this.error = ''
    this.ending = false
    let auth: IatAuth
    try {
      auth = await this.deps.iatAuth()
    } catch (err) {
      if (session === this.session) this.fail(messageOf(err))
      return
    }
    if (session !== this.session) return
    const queue = new FrameQueue()
    const silence = new SilenceWatch()
    const transcript = new Transcript()
    this.socket = this.deps.openSocket(auth.authUrl, {
      onOpen: () => void this.listen(session, queue, silence, auth.appId),
      onMessage: (raw) => this.receive(session, raw, transcript),
      onClose: () => {
        if (session !== this.session || !this.active) return
        // the last result has come when the service closes after it; before that it is a failure
        if (this.status === 'finishing' && queue.done) this.finish()
        else this.fail(this.deps.messages.closed())
      },
    })
  }

  /** The tap that ends the recording: what is buffered goes, then the last frame. */
  stop(): void {
    if (this.status === 'connecting') {
      this.session += 1
      this.release()
      this.status = 'idle'
      return
    }
    if (this.status === 'listening') {
      this.ending = true
      this.status = 'finishing'
    }
  }

  /** The unsupported alert's button. */
  dismissAlert(): void {
    if (this.status === 'unsupported') this.status = 'idle'
  }

  /** Leaving the page ends everything at once. */
  dispose(): void {
    this.session += 1
    this.release()
    if (this.active) this.status = 'idle'
  }

  private async listen(session: number, queue: FrameQueue, silence: SilenceWatch, appId: string): Promise<void> {
    try {
      this.microphone = await this.deps.microphone.open({
        onAudio: (samples) => {
          queue.push(samples)
          if (silence.feed(samples) && !this.ending) runInAction(() => this.stop())
        },
        onError: (message) => {
          if (session === this.session) runInAction(() => this.fail(this.deps.messages.microphone(microphoneFailure(message))))
        },
      })
    } catch (err) {
      if (session === this.session) runInAction(() => this.fail(this.deps.messages.microphone(microphoneFailure(err))))
      return
    }
    if (session !== this.session) {
      this.microphone.stop()
      return
    }
    runInAction(() => (this.status = 'listening'))
    this.ticker = (this.deps.interval ?? realInterval).set(() => {
      const frame = queue.take(this.ending)
      if (!frame) return
      this.socket?.send(JSON.stringify(encodeFrame(frame, appId)))
      if (frame.status === 2) {
        this.stopTicker()
        this.microphone?.stop()
        this.microphone = undefined
      }
    }, FRAME_INTERVAL_MS)
  }

  private receive(session: number, raw: string, transcript: Transcript): void {
    if (session !== this.session) return
    const answer = readIatAnswer(raw)
    if (!answer) return
    if (answer.code !== 0) {
      this.fail(this.deps.messages.service(iatFailure(answer.code), answer.code))
      return
    }
    if (answer.data?.result) {
      transcript.apply(answer.data.result)
      this.text = transcript.text
    }
    if (answer.data?.status === 2) this.finish()
  }

  private finish(): void {
    // the closing socket's own close event belongs to no session any more
    this.session += 1
    this.release()
    this.status = 'idle'
  }

  private fail(message: string): void {
    this.session += 1
    this.release()
    this.error = message
    this.status = 'error'
  }

  private stopTicker(): void {
    if (this.ticker !== undefined) (this.deps.interval ?? realInterval).clear(this.ticker)
    this.ticker = undefined
  }

  private release(): void {
    this.stopTicker()
    this.microphone?.stop()
    this.microphone = undefined
    const socket = this.socket
    this.socket = undefined
    socket?.close()
  }
}
