/**
 * The redis feed's two Lua scripts. Each runs as one atomic step in Redis, so
 * nothing can come between its commands.
 */

/**
 * A batch of writes, in the order given: for each, the value, its entry in the
 * space's stream (trimmed to about ARGV[2] entries, expiring ARGV[3] ms after
 * the last write), and the same entry published on the channel named like the
 * stream, for the instances whose connections listen to this space. One step,
 * so each stream's order is the order in which the values were applied, and
 * every published message carries the stream id that replay and cursors use.
 * One call for many writes because the call itself was about half of the API
 * process's CPU per write and a quarter of Redis's (50 concurrent writes: 20 to
 * 11 µs in Node, 15 to 11.5 µs in Redis).
 *
 * KEYS: per write, data key and stream key. ARGV: value TTL in s or '', stream
 * length, stream TTL in ms; then per write: value JSON, module id, name, from,
 * message header. Returns the number of writes.
 */
export const WRITE_SCRIPT = `
local ttl, length, streamTtl = ARGV[1], ARGV[2], ARGV[3]
local expiring = {}
for i = 1, #KEYS / 2 do
  local data, stream, at = KEYS[2 * i - 1], KEYS[2 * i], 3 + (i - 1) * 5
  local value = ARGV[at + 1]
  if ttl ~= '' then redis.call('SET', data, value, 'EX', ttl) else redis.call('SET', data, value) end
  local id = redis.call('XADD', stream, 'MAXLEN', '~', length, '*', 'm', ARGV[at + 2], 'n', ARGV[at + 3], 'v', value, 'f', ARGV[at + 4])
  expiring[stream] = true
  redis.call('PUBLISH', stream, id .. '\\n' .. ARGV[at + 5] .. '\\n' .. value)
end
for stream in pairs(expiring) do redis.call('PEXPIRE', stream, streamTtl) end
return #KEYS / 2`;

/**
 * A subscriber's start: the data set's epoch (created on first use, so a wiped
 * Redis gets a new one), Redis's clock, the stream's state, and the entries
 * after the subscriber's cursor when its epoch is current: all read at one
 * instant, so that replay and the live messages after it neither overlap
 * unseen nor leave a gap.
 *
 * KEYS: epoch key, stream key. ARGV: a fresh epoch, the cursor's epoch or '',
 * the cursor's stream id or ''.
 * Returns: epoch, seconds, microseconds, last id or '', first id or '',
 * entries added, length, entries after the cursor.
 */
export const START_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
local epoch = redis.call('GET', KEYS[1])
local time = redis.call('TIME')
local last, first, added, length = '', '', 0, 0
if redis.call('EXISTS', KEYS[2]) == 1 then
  local info = redis.call('XINFO', 'STREAM', KEYS[2])
  for i = 1, #info, 2 do
    local field = info[i]
    if field == 'last-generated-id' then last = info[i + 1]
    elseif field == 'recorded-first-entry-id' then first = info[i + 1]
    elseif field == 'entries-added' then added = info[i + 1]
    elseif field == 'length' then length = info[i + 1] end
  end
end
local entries = {}
if ARGV[2] == epoch and ARGV[3] ~= '' and last ~= '' then entries = redis.call('XRANGE', KEYS[2], '(' .. ARGV[3], last) end
return {epoch, time[1], time[2], last, first, added, length, entries}`;
