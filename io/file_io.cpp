#include "io/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pamir::io {

std::string read_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  std::string bytes;
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {  // a folder: "Is a directory"
      const std::string reason = std::strerror(errno);
      ::close(fd);
      throw std::runtime_error("cannot read " + path + ": " + reason);
    }
    if (n == 0) break;
    bytes.append(chunk, std::size_t(n));
  }
  ::close(fd);
  return bytes;
}

std::string read_regular_file(const std::string& path, std::size_t max_bytes) {
  const auto fail = [&](const std::string& reason) {
    throw std::runtime_error("cannot read " + path + ": " + reason);
  };
  // Non-blocking, so that opening a FIFO with no writer returns at once.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail(std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(std::strerror(errno));
  if (!S_ISREG(info.st_mode)) fail("not a regular file");
  if (std::size_t(info.st_size) > max_bytes) fail("larger than " + std::to_string(max_bytes) + " bytes");
  std::string bytes(std::size_t(info.st_size), '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(std::strerror(errno));
    if (n == 0) break;  // shrunk while read: what is there
    got += std::size_t(n);
  }
  bytes.resize(got);
  return bytes;
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + temp + ": " + std::strerror(errno));
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  // fsync before rename: otherwise a power cut can leave the new name with no data.
  const bool synced = written && std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  const bool closed = std::fclose(f) == 0;
  if (!synced || !closed || std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    throw std::runtime_error("cannot write " + path + ": " + reason);
  }
}

}  // namespace pamir::io
