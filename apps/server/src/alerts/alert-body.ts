/** An alert as the outbox holds it. */
export interface StoredAlert {
  id: string
  event: string
  data: Record<string, unknown>
  at: Date
}

/**
 * The alert's `webhook-id`, the same on every attempt. The row's time beside its number keeps it
 * unique when the numbers start again (a database restored from a backup, a second installation
 * sending to the same receiver), where a receiver would drop a new alert as one it already took.
 */
export function alertMessageId(alert: StoredAlert): string {
  return `alert_${alert.id}_${alert.at.getTime()}`
}

/**
 * The JSON an alert is POSTed as. Slack's incoming webhooks show `text` and Discord's `content`
 * (each ignores the other's fields, and both ignore the rest); any other receiver reads `event`,
 * `data` and `at`. The summary holds text others chose (a campaign's name, a chain's error), so
 * each chat gets it as text, never as its markup, and Discord is told to ping nobody.
 */
export function alertBody(alert: StoredAlert, summary: string, productName: string): string {
  const line = `${productName}: ${summary}`.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
  return JSON.stringify({
    id: alert.id,
    event: alert.event,
    text: asSlackText(line),
    content: asDiscordText(line),
    allowed_mentions: { parse: [] },
    data: alert.data,
    at: alert.at.toISOString(),
  })
}

const SLACK_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** Slack reads `<…>` as links and mentions (`<!channel>`) and decodes exactly these three. */
function asSlackText(text: string): string {
  return text.replace(/[&<>]/g, (character) => SLACK_ENTITIES[character])
}

/**
 * Discord shows HTML entities as typed, so it gets backslashes instead: before the characters
 * that open its mentions and links (`<@…>`, `@everyone`, `[…](…)`) and its inline formatting.
 * Line breaks are gone by then, so nothing starts a heading, a list or a quote.
 */
function asDiscordText(text: string): string {
  return text.replace(/[\\*_~`|<>[\]@]/g, '\\$&')
}
