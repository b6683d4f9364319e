import createError from '@fastify/error'

// Errors every route may raise. Capabilities keep their own catalogue in their folder's errors.ts.
export const NotSignedIn = createError('NOT_SIGNED_IN', 'Sign in to continue.', 401)
export const CrossOriginRefused = createError(
  'CROSS_ORIGIN_REFUSED',
  'This request must come from the Fernwood site itself.',
  403,
)
export const JsonRequired = createError(
  'JSON_REQUIRED',
  'Requests that change something must send a JSON body (Content-Type: application/json).',
  415,
)
export const ForeignHostRefused = createError(
  'HOST_NOT_SERVED',
  'This server answers only on this machine; set PUBLIC_ORIGIN to serve it under another name.',
  421,
)
export const RouteNotFound = createError('NOT_FOUND', 'There is no %s %s.', 404)
export const RateLimited = createError('RATE_LIMITED', 'Too many requests. Try again in %s.', 429)

/**
 * `error`, marked to be answered with `Retry-After: seconds` (the error handler writes it), for a
 * refusal that lifts by itself: a client can then wait exactly as long as the message says.
 */
export function retryAfter<E extends Error>(error: E, seconds: number): E {
  return Object.assign(error, { retryAfterSeconds: Math.max(1, Math.ceil(seconds)) })
}
