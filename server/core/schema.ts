import type { FastifyInstance } from 'fastify'

/** The JSON schema of one body field (type and rules such as maxLength, minimum, enum, default). */
export type FieldSchema = Readonly<Record<string, unknown>>

/** The backend takes form-encoded bodies only: a JSON body must not slip past the schemas. */
export function acceptFormBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain'])
}

/** A handle such as courseData or loginData. */
export const handle = { type: 'string', minLength: 1, maxLength: 128 } as const
