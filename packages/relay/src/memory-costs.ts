/**
 * What the relay's heap pays for holding something, beyond the message's own bytes. The relay
 * charges these to its bounds, so that a flood of tiny messages is counted at what it costs rather
 * than one byte each. Measured by `npm run relay -w @fernwood/bench` (heap and array buffers after
 * a full collection, per item, with the POSTs sent from another process over loopback) and
 * rounded up by a tenth or more; rerun it after changing what a channel or a waiting sender keeps.
 */

/**
 * A channel: its map entry and name, its record, its listener and waiter sets and its message
 * list. Measured 650–700 bytes (a new channel with one message, 1,015–1,110, less a further one).
 */
export const CHANNEL_COST_BYTES = 768

/** A buffered message beyond its payload: its record and its Buffer object. Measured 355–440. */
export const BUFFERED_MESSAGE_COST_BYTES = 512

/**
 * A sender held until a listener takes its message: its request, reply and socket, its timer and
 * abort listeners, and the channel it keeps alive. Measured 11,300–12,100 bytes.
 */
export const WAITING_SENDER_COST_BYTES = 14_336
