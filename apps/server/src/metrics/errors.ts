import createError from '@fastify/error'

export const MetricsTokenRequired = createError(
  'METRICS_TOKEN_REQUIRED',
  'Metrics are served only to requests with Authorization: Bearer <METRICS_TOKEN>.',
  401,
)
