-- wrk script for Benchmarks/strangers.sh: GETs as strangers and a flood would send them, in
-- turn — every path of the list below with no cookie, a forged cookie, and the stored session's
-- cookie named by the first argument, each with Sec-Fetch-Site same-origin, none and cross-site.
local paths = {
  "/suma-finance/", "/suma-finance/auth/login", "/reality-portal/listing/123", "/reality-portal/search",
  "/suma-finance/auth/reset-password?token=abc123&email=test%40example.com",
  "/suma-finance/_open?url=" .. string.rep("x", 7000),
  "/suma-finance/_open?url=sumafinance%3A%2F%2Fauth%2Flogin",
}
local sites = { "same-origin", "none", "cross-site" }
local cookies
local index = 0

function init(args)
  cookies = { "", "fp_suma-finance=x; fp_reality-portal=x", args[1] }
end

function request()
  index = index + 1
  local path = paths[index % #paths + 1]
  local cookie = cookies[math.floor(index / #paths) % #cookies + 1]
  local site = sites[math.floor(index / (#paths * #cookies)) % #sites + 1]
  local headers = { ["Sec-Fetch-Site"] = site }
  if cookie ~= "" then headers["Cookie"] = cookie end
  return wrk.format("GET", path, headers)
end
