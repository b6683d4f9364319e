import http from 'node:http'

/**
 * A visitor's live feed (`GET /api/live`) read raw, as the benchmarks keep it open: `onEvents`
 * gets the text of the whole events each read completes. Resolves once the server answered.
 */
export function openEventStream(
  url: string,
  cookie: string,
  onEvents: (text: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        let buffer = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          buffer += chunk
          const end = buffer.lastIndexOf('\n\n')
          if (end === -1) return
          onEvents(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        })
        resolve(request)
      },
    )
    request.on('error', reject)
  })
}
