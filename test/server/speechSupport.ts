/** The client side of the speech socket for server tests: the app's own frames, a ws client. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'
import { MEDIA_DIR } from '../../server/app'
import { WORKER_HEADER } from '../../server/core/worker'
import { readWav } from '../../server/speech/recordings'
import type { FastifyInstance } from 'fastify'
import { FrameQueue, Transcript, encodeFrame, readIatAnswer } from '../../src/domain/speech'
import type { ObjectData } from '../../types/api'
import { speechCalls } from '../../types/speech'
import type { IatAnswer, IatAuth, IatFrame } from '../../types/speech'
import { post } from './helpers'
import { wsText } from './wsText'

/** A seeded recording at 16 kHz (each 8 kHz sample twice), with `silenceMs` of silence after it. */
export function recording(name: string, silenceMs = 0): Int16Array {
  const { samples } = readWav(readFileSync(join(MEDIA_DIR, 'speech', `${name}.wav`)))
  const out = new Int16Array(samples.length * 2 + silenceMs * 16)
  samples.forEach((s, i) => {
    out[2 * i] = s
    out[2 * i + 1] = s
  })
  return out
}

export function tone(ms: number): Int16Array {
  return Int16Array.from({ length: ms * 16 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / 16000) * (i % 8000 < 4000 ? 1 : 0.1)))
}

/** The frames the app would send for `audio`, all of it (the last one status 2 unless `open`). */
export function framesOf(audio: Int16Array, appId: string, open = false): IatFrame[] {
  const queue = new FrameQueue()
  queue.push(audio)
  const frames: IatFrame[] = []
  for (let frame = queue.take(!open); frame; frame = queue.take(!open)) frames.push(encodeFrame(frame, appId))
  return frames
}

export interface Session {
  answers: IatAnswer[]
  closed: Promise<number>
  socket: WebSocket
  /** the cluster worker that took the socket (x-worker), '' outside a cluster */
  worker: string
}

export function connect(url: string): Promise<Session> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const answers: IatAnswer[] = []
    let worker = ''
    socket.once('upgrade', (res) => (worker = String(res.headers[WORKER_HEADER] ?? '')))
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)))
    socket.on('message', (data) => {
      const text = wsText(data)
      const answer = readIatAnswer(text)
      if (!answer) throw new Error(`not an answer: ${text}`)
      answers.push(answer)
    })
    socket.on('open', () => resolve({ answers, closed, socket, worker }))
    socket.on('unexpected-response', (_, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    socket.on('error', reject)
  })
}

/** Asks getIatAuth for the address, sends `frames`, and reads the answers into a transcript. */
export async function transcribe(app: FastifyInstance, base: string, frames: (appId: string) => IatFrame[]) {
  const { body } = await post<ObjectData<IatAuth>>(app, speechCalls.iatAuth.path, {}, { host: new URL(base).host })
  const session = await connect(body.data.object.authUrl)
  for (const frame of frames(body.data.object.appId)) session.socket.send(JSON.stringify(frame))
  await session.closed
  const transcript = new Transcript()
  for (const answer of session.answers) if (answer.data?.result) transcript.apply(answer.data.result)
  return { answers: session.answers, text: transcript.text }
}
