-- wrk's script for scripts/bench-mcp.sh: with MCP_BODY set, every request is a POST of that
-- JSON-RPC message to the URL (POST /mcp), as an MCP client sends it (Content-Type
-- application/json, Accept "application/json, text/event-stream"); without it, wrk's GET.
-- When the run ends it prints one line for the script to read:
--   mcp-bench: <requests/s> <p50 ms> <p99 ms> <requests> <errors>
-- errors: every request that failed (connect, read, write, timeout) or got a status of 400 or
-- more (wrk's "Non-2xx or 3xx responses"); a run with any is worth nothing.
local body = os.getenv("MCP_BODY")
if body and body ~= "" then
  wrk.method = "POST"
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Accept"] = "application/json, text/event-stream"
end

function done(summary, latency, requests)
  local errors = summary.errors
  local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
  io.write(string.format("mcp-bench: %.0f %.3f %.3f %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, failed))
end
