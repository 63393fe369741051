// The Lua scripts of the Redis store. Each runs atomically on the server, so several BFF
// instances can never interleave between a read and the write that depends on it.

/**
 * Sliding-window slot. KEYS[1] the window (a sorted set of call times), ARGV limit, window ms,
 * a unique member. Time is the Redis server's, so instances with skewed clocks share one window.
 * Returns {1, 0} when a slot was taken, else {0, ms until the slot that would let it through
 * leaves the window}.
 */
export const ACQUIRE_SLOT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local blocking = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
return {0, math.max(1, tonumber(blocking[2]) + window - now)}
`;

/** Deletes KEYS[1] (a JSON token) only if its `token` is still ARGV[1]. */
export const DELETE_TOKEN_IF = `
local value = redis.call('GET', KEYS[1])
if not value then return 0 end
local ok, decoded = pcall(cjson.decode, value)
if ok and type(decoded) == 'table' and decoded.token == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/** Releases the lock KEYS[1] only if this holder (ARGV[1]) still holds it. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * Appends ARGV[2] to the stream KEYS[1], trimmed to ARGV[1] entries, and keeps the stream
 * ARGV[3] ms from now. Returns the entry id.
 */
export const APPEND = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'm', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return id
`;
