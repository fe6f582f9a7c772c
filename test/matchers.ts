/**
 * Jest's asymmetric matchers typed as the values they stand for. @types/jest types every matcher
 * `any`, which the type-checked lint (no-unsafe-*) refuses inside an expected object and which would
 * let an expected object of the wrong shape pass the type checker. A matcher still fails the test on
 * a value it does not match.
 */

/** Any string. */
export const anyString = (): string => expect.any(String) as string

/** Any number. */
export const anyNumber = (): number => expect.any(Number) as number

/** A string that `pattern` matches. */
export const stringMatching = (pattern: RegExp): string => expect.stringMatching(pattern) as string

/** A string holding `text`. */
export const stringContaining = (text: string): string => expect.stringContaining(text) as string

/** An object with at least `fields` (each equal, or matched by the matcher it holds). */
export const objectContaining = <T extends object>(fields: T): T => expect.objectContaining(fields) as T

/** Any object (what `typeof` calls one). */
export const anyObject = (): object => expect.any(Object) as object
