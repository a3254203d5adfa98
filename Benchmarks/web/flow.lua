-- wrk script for Benchmarks/web-flow.sh: people walking SUMA Finance, each in a session of its
-- own. The sessions are made beforehand (past onboarding, on Login) and listed in the file named
-- by the first argument, one "cookie csrf" a line; each wrk thread takes its share of them and
-- hands them out in turn, each request moving that session one step along its walk. With many
-- more sessions than connections, a session's previous request has long been answered.
-- The mode, the second argument, picks the walk:
--   get   Login, read again and again: session read + render
--   post  navigate to Create Account, then Back, as form posts: session read + CAS write + event
--   walk  GET Login, POST navigate, GET the 303's target (Create Account), POST Back
-- and Reality Portal's (people signed in, on listing 123 of the Home tab):
--   results  the search results for "apartment": 20 listings read and rendered
--   create   Ask the Agent, Send Inquiry (a new inquiry: a record created with the session's
--            save), as form posts naming no screen (each applies to where the session is: an
--            action its screen does not offer changes nothing), then listing 123 again by its
--            link (sending leaves the person on the new inquiry, in the Inquiries tab)

local threads = {}
local count = 0

function setup(thread)
  thread:set("index", count)
  count = count + 1
  table.insert(threads, thread)
end

local walks = {
  get = { "login" },
  post = { "navigate", "back" },
  walk = { "login", "navigate", "register", "back" },
  results = { "results" },
  create = { "ask", "send", "listing" },
}
local expected = { login = 200, register = 200, navigate = 303, back = 303, results = 200, ask = 303, send = 303, listing = 200 }
local sessions, mode, next_session = {}, nil, 1
unexpected = 0  -- global, so done() can read it from each thread

function init(args)
  mode = args[2]
  local n = 0
  for line in io.lines(args[1]) do
    -- Thread i of t takes every t-th session.
    if n % tonumber(args[3]) == index then
      local cookie, csrf = line:match("^(%S+) (%S+)$")
      table.insert(sessions, { cookie = cookie, csrf = csrf, step = 0 })
    end
    n = n + 1
  end
end

local base = "/suma-finance"
local origin

local function post(session, path, screen, fields)
  origin = origin or ("http://" .. wrk.host .. ":" .. wrk.port)
  local body = "csrf=" .. session.csrf .. (screen and ("&screen=" .. screen:gsub("/", "%%2F")) or "") .. (fields or "")
  return wrk.format("POST", path, {
    ["Cookie"] = session.cookie, ["Origin"] = origin,
    ["Content-Type"] = "application/x-www-form-urlencoded",
  }, body)
end

local portal = "/reality-portal"

function request()
  local session = sessions[next_session]
  next_session = next_session % #sessions + 1
  local steps = walks[mode]
  local step = steps[session.step % #steps + 1]
  session.step = session.step + 1
  if step == "login" then return wrk.format("GET", base .. "/auth/login", { ["Cookie"] = session.cookie }) end
  if step == "register" then return wrk.format("GET", base .. "/auth/register", { ["Cookie"] = session.cookie }) end
  if step == "navigate" then return post(session, base .. "/_action/create-account", base .. "/auth/login") end
  if step == "results" then
    return wrk.format("GET", portal .. "/search/results?query=apartment", { ["Cookie"] = session.cookie, ["Sec-Fetch-Site"] = "same-origin" })
  end
  if step == "ask" then return post(session, portal .. "/_action/start-inquiry") end
  if step == "send" then return post(session, portal .. "/_action/send-inquiry", nil, "&form=new-inquiry&message=Is+there+a+cellar%3F") end
  if step == "listing" then
    return wrk.format("GET", portal .. "/listing/123", { ["Cookie"] = session.cookie, ["Sec-Fetch-Site"] = "same-origin" })
  end
  return post(session, base .. "/_back", base .. "/auth/register")
end

function response(status, headers, body)
  -- Responses of one connection come in order, but not across connections: a status is
  -- checked against the kinds this walk sends.
  local ok = false
  for _, step in ipairs(walks[mode]) do ok = ok or status == expected[step] end
  if not ok then
    unexpected = unexpected + 1
    -- The first few, so a run that had some says what they were.
    if unexpected <= 3 then io.stderr:write("unexpected " .. status .. " in mode " .. mode .. "\n") end
  end
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + (thread:get("unexpected") or 0) end
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.2f %d %d\n", summary.requests / seconds, latency:percentile(99) / 1000, failed, errors))
end
