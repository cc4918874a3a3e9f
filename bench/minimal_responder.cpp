// The benchmark's reference FastCGI responder: the least a libfcgi program can do per request.
// It loads every file of a directory at start and answers a request for /<file name> with that
// file's bytes, from memory, on the same kind of worker threads as the handlers. No parsing,
// no database, no cache lookup: what a handler costs beyond this is what the benchmark shows.
//
//   minimal_responder --socket PATH --threads N DIRECTORY
// Files named *.txt go out as text/plain, anything else as application/json.

#include <fcgiapp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

std::map<std::string, std::string, std::less<>> load(const std::filesystem::path& directory) {
  std::map<std::string, std::string, std::less<>> answers;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    std::ifstream file(entry.path(), std::ios::binary);
    std::stringstream body;
    body << file.rdbuf();
    const std::string type = entry.path().extension() == ".txt" ? "text/plain" : "application/json";
    answers["/" + entry.path().filename().string()] =
        "Status: 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " +
        std::to_string(body.str().size()) + "\r\n\r\n" + body.str();
  }
  return answers;
}

void work(int listen_fd, const std::map<std::string, std::string, std::less<>>& answers) {
  static const std::string not_found = "Status: 404 Not Found\r\nContent-Length: 0\r\n\r\n";
  FCGX_Request request;
  FCGX_InitRequest(&request, listen_fd, 0);
  while (FCGX_Accept_r(&request) >= 0) {
    const char* uri = FCGX_GetParam("DOCUMENT_URI", request.envp);
    const auto found = answers.find(uri == nullptr ? "" : uri);
    const std::string& out = found == answers.end() ? not_found : found->second;
    FCGX_PutStr(out.data(), static_cast<int>(out.size()), request.out);
    FCGX_Finish_r(&request);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6 || std::strcmp(argv[1], "--socket") != 0 || std::strcmp(argv[3], "--threads") != 0) {
    std::fputs("usage: minimal_responder --socket PATH --threads N DIRECTORY\n", stderr);
    return 2;
  }
  const auto answers = load(argv[5]);
  FCGX_Init();
  // libfcgi's own SIGTERM handler only sets a flag that threads blocked in accept() never see.
  std::signal(SIGTERM, SIG_DFL);
  ::unlink(argv[2]);
  const int listen_fd = FCGX_OpenSocket(argv[2], 1024);
  if (listen_fd < 0) return 1;
  ::chmod(argv[2], 0666);
  std::vector<std::thread> workers;
  for (int i = 0; i < std::atoi(argv[4]); ++i) workers.emplace_back(work, listen_fd, std::cref(answers));
  for (std::thread& worker : workers) worker.join();
}
