-- wrk script: every connection is a person walking SUMA Finance in its own session (run with
-- as many threads as connections, so each thread's script drives exactly one connection).
-- The mode, given after --, picks what is measured:
--   get   the Login screen read again and again: session read + render
--   post  navigate to Create Account, then Back, as form posts: session read + CAS write + event
--   walk  GET Login, POST navigate, GET the 303's target, POST Back
-- Each session starts by opening the app and skipping onboarding; those requests are counted.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local mode, cookie, csrf, step, errors

function init(args)
  mode = args[1] or "walk"
  step, errors = "open", 0
end

local base = "/suma-finance"
local login, register = base .. "/auth/login", base .. "/auth/register"

local function post(path, screen)
  local body = "csrf=" .. csrf .. "&screen=" .. screen:gsub("/", "%%2F")
  return wrk.format("POST", path, {
    ["Cookie"] = cookie, ["Origin"] = "http://" .. wrk.host .. ":" .. wrk.port,
    ["Content-Type"] = "application/x-www-form-urlencoded",
  }, body)
end

local function get(path)
  return wrk.format("GET", path, { ["Cookie"] = cookie })
end

-- The next request of each mode's loop, by the step the connection is at.
local loops = {
  get = { login = "login" },
  post = { navigate = "back", back = "navigate" },
  walk = { login = "navigate", navigate = "register", register = "back", back = "login" },
}
local first = { get = "login", post = "navigate", walk = "login" }

function request()
  if step == "open" then return wrk.format("GET", base .. "/") end
  if step == "welcome" then return get(base .. "/welcome") end
  if step == "skip" then return post(base .. "/_action/skip-onboarding", base .. "/welcome") end
  if step == "login" then return get(login) end
  if step == "register" then return get(register) end
  if step == "navigate" then return post(base .. "/_action/create-account", login) end
  if step == "back" then return post(base .. "/_back", register) end
end

function response(status, headers, body)
  local expected = (step == "open" or step == "skip" or step == "navigate" or step == "back") and 303 or 200
  if status ~= expected then errors = errors + 1 end
  if step == "open" then
    cookie = headers["Set-Cookie"]:match("^([^;]+)")
    step = "welcome"
  elseif step == "welcome" then
    csrf = body:match('name="csrf" value="([^"]+)"')
    step = "skip"
  elseif step == "skip" then
    step = first[mode]
  else
    step = loops[mode][step]
  end
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + (thread:get("errors") or 0) end
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT %s %.0f %.2f %d %d\n", mode, summary.requests / seconds,
    latency:percentile(99) / 1000, failed, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
