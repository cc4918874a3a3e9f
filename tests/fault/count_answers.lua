-- wrk script of the fault tests: sends GET to each path given after `--` in turn (a path
-- followed by a space and a body: POST of that body as JSON, an MCP call), counts the
-- answers by status and prints, after the run, lines the tests parse:
--   requests N / status S N (one per status) / errors connect N read N write N timeout N /
--   slowest_ms N
-- With ANSWERS_PER_THREAD=N in the environment, the first thread to have N answers interrupts
-- wrk (SIGINT, as Ctrl-C would), which then stops and prints its figures: wrk has no count of
-- requests, only -d, which is then a cap. A test that needs so many answers waits for them,
-- however fast the machine. The signal is sent every 0.1 s until wrk has ended: one that a
-- worker thread takes stops the threads, but not the main thread's sleep through -d (seen
-- once in three runs), which the next one, with the workers gone, ends.
-- counts is global: done() reads each thread's copy with thread:get, which sees globals only.
counts = {}
local paths, next_path, threads = {}, 0, {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end

function init(args)
  paths = args
end

-- "{n}" in a path becomes a number no other request of the run has (10 x the thread's count of
-- requests sent + its own number, of fewer than 10): the range flood sends a new range each time.
local sent = 0

local json_headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }
-- With headers of its own a request has none of wrk's -H: they are added (Connection: close).
for name, value in pairs(wrk.headers) do json_headers[name] = value end

function request()
  next_path = next_path % #paths + 1
  sent = sent + 1
  local path = paths[next_path]:gsub("{n}", tostring(sent * 10 + thread_number))
  local target, body = path:match("^(%S+) (.*)$")
  if target then return wrk.format("POST", target, json_headers, body) end
  return wrk.format("GET", path)
end

local answered, answers_per_thread = 0, tonumber(os.getenv("ANSWERS_PER_THREAD"))

function response(status)
  counts[status] = (counts[status] or 0) + 1
  answered = answered + 1
  if answered == answers_per_thread then
    -- popen, not os.execute: system() ignores SIGINT while it waits
    io.popen("(while kill -INT $PPID; do sleep 0.1; done) >/dev/null 2>&1 &"):close()
  end
end

function done(summary, latency)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("counts")) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  io.write(string.format("requests %d\n", summary.requests))
  for status, count in pairs(totals) do
    io.write(string.format("status %d %d\n", status, count))
  end
  local errors = summary.errors
  io.write(string.format("errors connect %d read %d write %d timeout %d\n",
                         errors.connect, errors.read, errors.write, errors.timeout))
  io.write(string.format("slowest_ms %.1f\n", latency.max / 1000))
end
