/** An error answered by the server (`{error: {code, message}}`) or met on the way to it. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    /** HTTP status; 0 when no response arrived (network failure). */
    readonly status: number,
    /** The server's stable error code, e.g. `CODE_DUPLICATE`; `NETWORK` when no response. */
    readonly code: string,
    message: string,
    /** From a refusal's `Retry-After`: how long until the limit that refused it lifts. */
    readonly retryAfterSeconds?: number,
    /** The request body's property the refusal concerns, when it names one (a form's field). */
    readonly field?: string,
  ) {
    super(message)
  }
}

type Method = 'GET' | 'POST' | 'DELETE'

/**
 * Calls the Fernwood API on this origin and returns the parsed JSON body (`undefined` for 204).
 * A POST always carries a JSON body, `{}` when there is nothing to send, because the server only
 * accepts one as `application/json` (the content type a cross-site form cannot send). A DELETE
 * sends a body only when it has one.
 */
async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const sendsJson = method === 'POST' || body !== undefined
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: sendsJson
      ? { accept: 'application/json', 'content-type': 'application/json' }
      : { accept: 'application/json' },
    body: sendsJson ? JSON.stringify(body ?? {}) : undefined,
  }

  let response: Response
  try {
    response = await fetch(path, init)
  } catch (error) {
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error))
  }

  if (!response.ok) throw await readError(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  delete: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
}

async function readError(response: Response): Promise<ApiError> {
  const fallback = `${response.status} ${response.statusText}`.trim()
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN)
  try {
    const { error } = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; field?: unknown }
    }
    return new ApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : 'HTTP_ERROR',
      typeof error?.message === 'string' ? error.message : fallback,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
      typeof error?.field === 'string' ? error.field : undefined,
    )
  } catch {
    // A proxy or crash page rather than our API answered; the status is all we know.
    return new ApiError(response.status, 'HTTP_ERROR', fallback)
  }
}
