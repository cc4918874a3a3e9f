#pragma once
// This process's metrics for Prometheus (prometheus-cpp), and the file they are written to.
//
// Every process of the stack (handlers, publisher, indexer) keeps its counters in one registry
// and, given a file (--metrics FILE), rewrites that file every second in Prometheus' text
// format, as node_exporter's textfile collector reads them: written aside, then renamed, so a
// reader never sees half a file. Every sample carries process="<the file's name without
// .prom>", so the files of several processes can be read together (the ops handler's /metrics
// merges them, handlers/ops/metrics_text.hpp). A process restarted under the same name starts
// its counters from zero, which Prometheus' rate() takes as a reset.

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace coin {

// The registry of this process.
prometheus::Registry& metrics_registry();

// Families of this process's registry, made once per name, each labelled process="<name>":
// the name MetricsFile takes from its file, which must come first ("coin-api" without one).
prometheus::Family<prometheus::Counter>& counter_family(const std::string& name, const std::string& help);
prometheus::Family<prometheus::Gauge>& gauge_family(const std::string& name, const std::string& help);
prometheus::Family<prometheus::Histogram>& histogram_family(const std::string& name, const std::string& help);

// Bounds of a histogram of durations in seconds, from 1 ms to 10 s.
const prometheus::Histogram::BucketBoundaries& duration_buckets();

// Writes the registry to `path` every second while it lives, and once more when it ends. An
// empty path writes nothing. The file's name (without .prom) becomes the process label.
class MetricsFile {
 public:
  explicit MetricsFile(std::string path);
  ~MetricsFile();
  MetricsFile(const MetricsFile&) = delete;
  MetricsFile& operator=(const MetricsFile&) = delete;

 private:
  void write();
  void run();

  std::string path_;
  bool failing_ = false;  // the last write failed (logged once)
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace coin
