/** An HTTP answer as the API client reads it: the status and the body, parsed as JSON when it is JSON. */
export interface HttpResponse {
  statusCode: number
  /** the parsed JSON body; the text itself when it is not JSON */
  data: unknown
}

/** The network edge (docs/ARCHITECTURE.md "Platform"): the only code that sends HTTP requests. */
export interface Http {
  /** A POST of `body` as it is, given up after `timeoutMs` (a rejection with an Error named 'TimeoutError', timeoutError.ts). */
  post(options: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<HttpResponse>
  /** A GET of a JSON document: its parsed body, or a rejection on a network failure, a timeout or a non-2xx status. */
  getJson(url: string, timeoutMs: number): Promise<unknown>
}
