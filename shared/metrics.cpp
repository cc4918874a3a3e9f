#include "shared/metrics.hpp"

#include <prometheus/text_serializer.h>

#include <chrono>
#include <filesystem>
#include <map>

#include "shared/log.hpp"
#include "shared/whole_file.hpp"

namespace coin {
namespace {

// The label process of every family (MetricsFile sets it).
std::string& process_label() {
  static std::string label = "coin-api";
  return label;
}

// One family per name, whatever part of the program asks for it first.
template <typename Builder>
auto& family(Builder builder, const std::string& name, const std::string& help) {
  using Family = std::remove_reference_t<decltype(builder.Register(metrics_registry()))>;
  static std::mutex mutex;
  static std::map<std::string, Family*> made;
  const std::lock_guard<std::mutex> lock(mutex);
  Family*& found = made[name];
  if (found == nullptr) {
    found = &builder.Name(name).Help(help).Labels({{"process", process_label()}}).Register(metrics_registry());
  }
  return *found;
}

}  // namespace

prometheus::Registry& metrics_registry() {
  static prometheus::Registry registry;
  return registry;
}

prometheus::Family<prometheus::Counter>& counter_family(const std::string& name, const std::string& help) {
  return family(prometheus::BuildCounter(), name, help);
}

prometheus::Family<prometheus::Gauge>& gauge_family(const std::string& name, const std::string& help) {
  return family(prometheus::BuildGauge(), name, help);
}

prometheus::Family<prometheus::Histogram>& histogram_family(const std::string& name, const std::string& help) {
  return family(prometheus::BuildHistogram(), name, help);
}

const prometheus::Histogram::BucketBoundaries& duration_buckets() {
  static const prometheus::Histogram::BucketBoundaries buckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                                  0.1,   0.25,   0.5,   1,    2.5,   5, 10};
  return buckets;
}

MetricsFile::MetricsFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  process_label() = std::filesystem::path(path_).stem().string();
  gauge_family("coin_process_start_time_seconds", "When this process started, in seconds since the epoch")
      .Add({})
      .Set(static_cast<double>(std::chrono::duration_cast<std::chrono::seconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count()));
  writer_ = std::thread(&MetricsFile::run, this);
}

MetricsFile::~MetricsFile() {
  if (!writer_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_one();
  writer_.join();
  write();
}

void MetricsFile::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    write();
    stop_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
  }
}

void MetricsFile::write() {
  try {
    replace_file(path_, prometheus::TextSerializer().Serialize(metrics_registry().Collect()));
    failing_ = false;
  } catch (const std::runtime_error& e) {
    // One line when writing starts to fail, not one a second.
    if (!failing_) log_error(std::string("the metrics: ") + e.what());
    failing_ = true;
  }
}

}  // namespace coin
