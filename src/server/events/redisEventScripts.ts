import { TAKE_FROM_BUCKET } from './eventRate.ts';

/**
 * The redis event log's Lua scripts. Each runs as one atomic step, so the
 * dedupe check, the stream entry, the per-type trim and the published message
 * of one append cannot interleave with another instance's append of the same user.
 */

/**
 * KEYS: epoch, the user's stream, the id's dedupe key, the type's list of stream ids, the rate bucket.
 * ARGV: a fresh epoch, the record JSON, newest kept per type, max age in ms,
 * entries kept per user, the oldest stream id kept by age, the user's channel,
 * the rate per second and burst (or '' and '': no rate).
 * Returns {created 0|1, epoch, stream id, record JSON}: a repeated id whose
 * entry is still kept answers that entry and publishes nothing; {-1, ms to
 * wait} past the rate.
 */
export const APPEND_EVENT = `${TAKE_FROM_BUCKET}
redis.call('SET', KEYS[1], ARGV[1], 'NX')
local epoch = redis.call('GET', KEYS[1])
local known = redis.call('GET', KEYS[3])
if known then
  local found = redis.call('XRANGE', KEYS[2], known, known)
  if #found > 0 then return {0, epoch, known, found[1][2][2]} end
end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'r', ARGV[2])
redis.call('SET', KEYS[3], id, 'PX', ARGV[4])
redis.call('RPUSH', KEYS[4], id)
redis.call('PEXPIRE', KEYS[4], ARGV[4])
local over = redis.call('LLEN', KEYS[4]) - tonumber(ARGV[3])
for _ = 1, over do redis.call('XDEL', KEYS[2], redis.call('LPOP', KEYS[4])) end
redis.call('XTRIM', KEYS[2], 'MINID', '~', ARGV[6])
redis.call('PUBLISH', ARGV[7], 'n\\n' .. epoch .. ':' .. id .. '\\n' .. ARGV[2])
return {1, epoch, id, ARGV[2]}`;

/**
 * KEYS: epoch, the user's stream. ARGV: a fresh epoch, the stream id to read
 * after, the count ('0': none), 'newest' for the newest count instead.
 * Returns {epoch, last id given out, highest id ever dropped, entries}: read at
 * one instant, so that `gap` and the entries agree.
 */
export const LIST_EVENTS = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
local epoch = redis.call('GET', KEYS[1])
local last, dropped = '0-0', '0-0'
if redis.call('EXISTS', KEYS[2]) == 1 then
  local info = redis.call('XINFO', 'STREAM', KEYS[2])
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then last = info[i + 1]
    elseif info[i] == 'max-deleted-entry-id' then dropped = info[i + 1] end
  end
end
local entries = {}
local count = tonumber(ARGV[3])
if count > 0 and ARGV[4] == 'newest' then entries = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', count)
elseif count > 0 then entries = redis.call('XRANGE', KEYS[2], '(' .. ARGV[2], '+', 'COUNT', count) end
return {epoch, last, dropped, entries}`;

/** KEYS: the id's dedupe key, the user's stream. Returns {stream id, record JSON}, or nil when not kept. */
export const FIND_EVENT = `
local id = redis.call('GET', KEYS[1])
if not id then return false end
local found = redis.call('XRANGE', KEYS[2], id, id)
if #found == 0 then return false end
return {id, found[1][2][2]}`;
