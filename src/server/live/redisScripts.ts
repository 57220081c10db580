/**
 * The redis feed's two Lua scripts. Each runs as one atomic step in Redis, so
 * nothing can come between its commands.
 */

/** Entries the start script reads per XRANGE: at the 64 KiB value limit, one step holds at most 1 MiB in Redis's memory. */
const REPLAY_STEP = 16;

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
 * The store's index (store/redisIndex.ts) is kept in the same step: the name
 * joins its module's set and the module its space's, both renewed with the
 * value's TTL, as the store's own `set` does.
 *
 * KEYS: per write, data key, stream key, names set, modules set. ARGV: value
 * TTL in s or '', stream length, stream TTL in ms; then per write: value JSON,
 * module id, name, from, message header. Returns the number of writes.
 */
export const WRITE_SCRIPT = `
local ttl, length, streamTtl = ARGV[1], ARGV[2], ARGV[3]
local expiring = {}
for i = 1, #KEYS / 4 do
  local data, stream, names, modules, at = KEYS[4 * i - 3], KEYS[4 * i - 2], KEYS[4 * i - 1], KEYS[4 * i], 3 + (i - 1) * 5
  local value = ARGV[at + 1]
  if ttl ~= '' then redis.call('SET', data, value, 'EX', ttl) else redis.call('SET', data, value) end
  redis.call('SADD', names, ARGV[at + 3])
  redis.call('SADD', modules, ARGV[at + 2])
  if ttl ~= '' then
    redis.call('EXPIRE', names, ttl)
    redis.call('EXPIRE', modules, ttl)
  end
  local id = redis.call('XADD', stream, 'MAXLEN', '~', length, '*', 'm', ARGV[at + 2], 'n', ARGV[at + 3], 'v', value, 'f', ARGV[at + 4])
  expiring[stream] = true
  redis.call('PUBLISH', stream, id .. '\\n' .. ARGV[at + 5] .. '\\n' .. value)
end
for stream in pairs(expiring) do redis.call('PEXPIRE', stream, streamTtl) end
return #KEYS / 4`;

/**
 * A subscriber's start: the data set's epoch (created on first use, so a wiped
 * Redis gets a new one), Redis's clock, the stream's last id, and the decision
 * to replay or reset with the entries to replay: all read at one instant, so
 * that replay and the live messages after it neither overlap unseen nor leave
 * a gap. The decision is made here, before any value is read: the cursor must
 * be of this epoch, younger than the streams' lifetime, not from the future,
 * and not before the oldest kept entry once trimming has dropped some (one of
 * those may have come after it). Then the entries are read in steps of
 * REPLAY_STEP (XRANGE with COUNT) and counted as `replayBytes` counts them;
 * past the budget the walk stops and the answer is reset, so an old cursor
 * costs Redis at most the budget, never the whole stream.
 *
 * KEYS: epoch key, stream key. ARGV: a fresh epoch, the cursor's epoch or '',
 * the cursor's stream id (`<ms>-<seq>`) or '', the streams' lifetime in ms,
 * the replay budget in bytes, the bytes each entry adds besides its fields.
 * Returns: epoch, seconds, microseconds, last id or '', 1 when the replay is
 * whole (else reset), entries after the cursor.
 */
export const START_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
local epoch = redis.call('GET', KEYS[1])
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function parts(id)
  local ms, seq = string.match(id, '^(%d+)-(%d+)$')
  return tonumber(ms), tonumber(seq)
end
local function before(a, b)
  local aMs, aSeq = parts(a)
  local bMs, bSeq = parts(b)
  return aMs < bMs or (aMs == bMs and aSeq < bSeq)
end
local last, first, added, length = '', '', 0, 0
if redis.call('EXISTS', KEYS[2]) == 1 then
  local info = redis.call('XINFO', 'STREAM', KEYS[2])
  for i = 1, #info, 2 do
    local field = info[i]
    if field == 'last-generated-id' then last = info[i + 1]
    elseif field == 'recorded-first-entry-id' then first = info[i + 1]
    elseif field == 'entries-added' then added = tonumber(info[i + 1])
    elseif field == 'length' then length = tonumber(info[i + 1]) end
  end
end
local since = ARGV[3]
local whole = ARGV[2] == epoch and since ~= '' and parts(since) ~= nil
if whole then
  local sinceMs = parts(since)
  if nowMs - sinceMs > tonumber(ARGV[4]) then whole = false
  elseif last == '' then whole = sinceMs <= nowMs
  elseif before(last, since) then whole = false
  elseif added > length and first ~= '' and before(since, first) then whole = false end
end
local entries = {}
if whole and last ~= '' and before(since, last) then
  local budget, overhead, bytes, from = tonumber(ARGV[5]), tonumber(ARGV[6]) + #epoch + 1, 0, '(' .. since
  repeat
    local step = redis.call('XRANGE', KEYS[2], from, last, 'COUNT', ${REPLAY_STEP})
    for _, entry in ipairs(step) do
      local size = overhead + #entry[1]
      for i = 2, #entry[2], 2 do size = size + #entry[2][i] end
      bytes = bytes + size
      if bytes > budget then whole = false; entries = {}; break end
      entries[#entries + 1] = entry
    end
    if #step > 0 then from = '(' .. step[#step][1] end
  until not whole or #step < ${REPLAY_STEP}
end
return {epoch, time[1], time[2], last, whole and 1 or 0, entries}`;
