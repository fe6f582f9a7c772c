/**
 * Requests Fastify refuses before any route or hook runs: a path with a broken percent-sequence
 * (FST_ERR_BAD_URL, what a link cut short in a chat looks like) and requests Node's HTTP parser
 * cannot take (an unknown method, a request line or headers over the 16 KB limit). A page gets
 * the app shell, which shows its own error state; everything else gets the `{code, msg, data}`
 * envelope like every other answer of the server.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { fail, isApiPath } from './envelope'
import { type TextKey, readerLanguage, textOf } from './messages'
import { BUILD_HINT_PAGE, answersAppShell } from './web'

const HTML = 'text/html; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

/** The built index.html, read when needed (a rebuild replaces it), or the page saying how to build it. */
export function appShellHtml(staticDir: string): string {
  try {
    return readFileSync(join(staticDir, 'index.html'), 'utf8')
  } catch {
    return BUILD_HINT_PAGE
  }
}

/** The path of a raw URL, whatever its encoding. */
const pathOf = (url: string): string => url.split('?', 1)[0]

/** Fastify's `frameworkErrors`: a URL the router cannot decode. */
export function frameworkErrors(staticDir: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = pathOf(request.raw.url ?? '/')
    if (answersAppShell(request.method, path)) {
      reply.status(200).header('cache-control', 'no-cache').type(HTML).send(appShellHtml(staticDir))
      return
    }
    const language = readerLanguage(request.headers['accept-language'])
    const envelope = fail(
      ResponseCode.BadRequest,
      error.code === 'FST_ERR_BAD_URL' ? textOf('badUrl', language) : textOf('badRequestBody', language, { what: error.code }),
    )
    reply.status(isApiPath(path) ? 200 : 400).type(JSON_TYPE).send(envelope)
  }
}

/** What Node's parser saw of the request line: method and path, possibly cut at the size limit. */
function requestLine(rawPacket: unknown): { method: string; path: string } | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined
  const match = /^([A-Z]+) (\/[^\s?]*)/.exec(rawPacket.toString('latin1', 0, 8192))
  return match ? { method: match[1], path: match[2] } : undefined
}

/** The Accept-Language Node's parser saw, if the packet got that far. */
function packetLanguage(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1', 0, 8192))?.[1]
}

const CLIENT_ERRORS: Readonly<Record<string, { status: number; key: TextKey }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'requestTooSlow' },
  HPE_INVALID_METHOD: { status: 405, key: 'unknownMethod' },
}

function rawResponse(status: number, type: string, body: string, head: boolean): string {
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(type === HTML ? ['Cache-Control: no-cache'] : []),
    'Connection: close',
  ]
  return `${headers.join('\r\n')}\r\n\r\n${head ? '' : body}`
}

/** Fastify's `clientErrorHandler`: answers on the socket, then closes it (Node cannot go on parsing it). */
export function clientErrorHandler(staticDir: string) {
  return (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    if (socket.writable) {
      const line = requestLine(error.rawPacket)
      if (error.code === 'HPE_HEADER_OVERFLOW' && line && answersAppShell(line.method, line.path)) {
        socket.end(rawResponse(200, HTML, appShellHtml(staticDir), line.method === 'HEAD'))
        return
      }
      const known = CLIENT_ERRORS[error.code ?? '']
      const status = known?.status ?? 400
      const envelope = fail(ResponseCode.BadRequest, textOf(known?.key ?? 'unreadableRequest', readerLanguage(packetLanguage(error.rawPacket))))
      socket.end(rawResponse(line && isApiPath(line.path) ? 200 : status, JSON_TYPE, JSON.stringify(envelope), false))
      return
    }
    socket.destroy()
  }
}
