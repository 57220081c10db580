/**
 * The redis feed's two Lua scripts. Each runs as one atomic step in Redis, so
 * nothing can come between its commands.
 */

/**
 * A write: the value, its entry in the space's stream (trimmed to about
 * ARGV[3] entries, expiring ARGV[8] ms after the last write), and the same
 * entry published on the channel named like the stream, for the instances
 * whose connections listen to this space. One step, so the stream's order is
 * the order in which the values were applied, and every published message
 * carries the stream id that replay and cursors use.
 *
 * KEYS: data key, stream key. ARGV: value JSON, value TTL in s or '', stream
 * length, module id, name, from, message header, stream TTL in ms.
 */
export const WRITE_SCRIPT = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) else redis.call('SET', KEYS[1], ARGV[1]) end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'm', ARGV[4], 'n', ARGV[5], 'v', ARGV[1], 'f', ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[8])
redis.call('PUBLISH', KEYS[2], id .. '\\n' .. ARGV[7] .. '\\n' .. ARGV[1])
return id`;

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
