import { describe, expect, it } from 'vitest'
import { jsonFromSite, sessionCookieOf } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'

const shared = useTestApp()

async function signIn(): Promise<string> {
  const response = await shared.app.inject({
    method: 'POST',
    url: '/api/session',
    headers: jsonFromSite,
    payload: {},
  })
  return sessionCookieOf(response)
}

function askToShow(token: string) {
  return shared.app.inject({
    method: 'POST',
    url: '/api/session/welcome-claim',
    headers: { ...jsonFromSite, cookie: `fernwood_session=${token}` },
    payload: {},
  })
}

describe("'Claim Complete!' once per session", () => {
  it('the first ask of a session may show it; every later one, from any tab, may not', async () => {
    const token = await signIn()
    const first = await askToShow(token)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ show: true })
    expect((await askToShow(token)).json()).toEqual({ show: false })
    expect((await askToShow(token)).json()).toEqual({ show: false })
  })

  it('of several tabs asking at once, exactly one shows it', async () => {
    const token = await signIn()
    const answers = await Promise.all(Array.from({ length: 5 }, () => askToShow(token)))
    expect(answers.filter((answer) => answer.json().show === true)).toHaveLength(1)
  })

  it('a new session after sign-out starts unseen', async () => {
    const first = await signIn()
    expect((await askToShow(first)).json()).toEqual({ show: true })
    await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { ...jsonFromSite, cookie: `fernwood_session=${first}` },
      payload: {},
    })
    const second = await signIn()
    expect((await askToShow(second)).json()).toEqual({ show: true })
  })

  it('a signed-out visitor is refused with 401', async () => {
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/session/welcome-claim',
      headers: jsonFromSite,
      payload: {},
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('NOT_SIGNED_IN')
  })
})
