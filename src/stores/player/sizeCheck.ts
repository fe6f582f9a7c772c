import { checkAudioSize } from '../../domain/validation'
import type { AudioEngine } from '../../platform/audio/types'

/**
 * The 50 MB rule for audio (spec 000 §4), on the size the engine reports. Each URL is asked
 * once: a voice checked while the previous one played starts without asking again.
 */
export class AudioSizeCheck {
  private readonly admitted = new Map<string, Promise<boolean>>()

  constructor(private readonly engine: Pick<AudioEngine, 'mediaSize'>) {}

  /** False when the file is over the limit; a size the engine cannot tell is admitted. */
  admits(url: string): Promise<boolean> {
    let answer = this.admitted.get(url)
    if (!answer) {
      answer = this.engine.mediaSize(url).then(
        (size) => checkAudioSize(size).ok,
        () => true,
      )
      this.admitted.set(url, answer)
    }
    return answer
  }
}
