/**
 * The server registers every call of the contract (types/) as declared, and no API call beside
 * them: the path for POST, a body schema whose fields and required list are the contract's, and
 * fields beyond them only where the contract takes other fields.
 */
import type { FastifyInstance, RouteOptions } from 'fastify'
import { buildApp } from '../../server/app'
import { isApiPath } from '../../server/core/envelope'
import { ALL_CALLS } from '../../types/calls'
import { requiredFields } from '../../types/contract'
import type { AnyEndpoint } from '../../types/contract'
import { V2_INFO, post } from './helpers'
import { anyNumber } from '../matchers'
import { testDatabase } from './engines'

interface BodySchema {
  type?: unknown
  properties?: Record<string, unknown>
  required?: unknown
  additionalProperties?: unknown
  maxProperties?: unknown
}

let app: FastifyInstance
const posts = new Map<string, BodySchema | undefined>()

beforeAll(async () => {
  app = await buildApp({
    database: await testDatabase(),
    staticDir: '/nonexistent-static-dir',
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (methods.includes('POST')) posts.set(route.url, route.schema?.body as BodySchema | undefined)
    },
  })
})
afterAll(() => app.close())

const sorted = (names: readonly string[]): string[] => [...names].sort()

describe.each(ALL_CALLS.map((call): [string, AnyEndpoint] => [call.path, call]))('POST %s', (path, call) => {
  it('is registered with a body schema of exactly the contract\'s fields', () => {
    expect(posts.has(path)).toBe(true)
    const schema = posts.get(path)
    expect(schema?.type).toBe('object')
    expect(sorted(Object.keys(schema?.properties ?? {}))).toEqual(sorted(Object.keys(call.fields)))
    expect(sorted((schema?.required as string[] | undefined) ?? [])).toEqual(sorted(requiredFields(call)))
  })

  it(call.otherFields ? 'takes other fields, each checked, up to a bound' : 'lets no other field reach the handler', () => {
    const schema = posts.get(path)
    if (call.otherFields) {
      expect(schema?.additionalProperties).toEqual(expect.objectContaining({ type: 'string', maxLength: anyNumber() }))
      expect(schema?.maxProperties).toEqual(expect.any(Number))
    } else {
      expect(schema?.additionalProperties).toBe(false)
    }
  })
})

it('registers no API POST route outside the contract', () => {
  const apiPosts = [...posts.keys()].filter(isApiPath)
  expect(sorted(apiPosts)).toEqual(sorted(ALL_CALLS.map((call) => call.path)))
})

it('declares each path once', () => {
  const paths = ALL_CALLS.map((call) => call.path)
  expect(new Set(paths).size).toBe(paths.length)
})

it('drops a field the contract does not name rather than refusing the call', async () => {
  const { body } = await post<{ object: { courseName: string } }>(app, V2_INFO, { courseData: 'demo-open', extra: 'x' })
  expect(body.code).toBe(200)
  expect(body.data.object.courseName).toBe('英语口语：地道的日常寒暄')
})
