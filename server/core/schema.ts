import type { FastifyInstance } from 'fastify'

/** The JSON schema of a form body: the listed fields, those in `required` mandatory. */
export function bodySchema(required: readonly string[], properties: Record<string, object>): { body: object } {
  return { body: { type: 'object', required, properties } }
}

/** The backend takes form-encoded bodies only: a JSON body must not slip past the schemas. */
export function acceptFormBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain'])
}

/** A handle such as courseData or loginData. */
export const handle = { type: 'string', minLength: 1, maxLength: 128 } as const
