#include "selfplay/npz.h"

#include <zlib.h>

#include <cstring>

namespace pamir::selfplay {
namespace {

constexpr std::uint32_t kLocalHeader = 0x04034b50, kCentralHeader = 0x02014b50, kEndRecord = 0x06054b50;
constexpr std::size_t kLocalHeaderSize = 30, kCentralHeaderSize = 46, kEndRecordSize = 22;
constexpr char kNpyMagic[] = "\x93NUMPY";

void put16(std::string& out, std::uint32_t v) {
  out += char(v & 0xFF);
  out += char((v >> 8) & 0xFF);
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, v & 0xFFFF);
  put16(out, v >> 16);
}

std::uint32_t crc_of(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes lengths as uInt: feed large buffers in pieces.
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t n = std::min<std::size_t>(bytes.size() - at, 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), uInt(n));
    at += n;
  }
  return std::uint32_t(crc);
}

// The .npy file of an array: version 1.0 header, padded so the data starts 64-aligned.
std::string npy_bytes(const NpyArray& a) {
  std::string shape = "(";
  for (std::size_t i = 0; i < a.shape.size(); ++i) {
    // Appended piece by piece: GCC's LTO warns (wrongly) on the temporary of a chained +.
    if (i) shape += ", ";
    shape += std::to_string(a.shape[i]);
  }
  shape += a.shape.size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + a.dtype + "', 'fortran_order': False, 'shape': " + shape + ", }";
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string out(kNpyMagic, 6);
  out += char(1);
  out += char(0);
  put16(out, std::uint32_t(header.size()));
  out += header;
  out += a.data;
  return out;
}

struct Reader {
  std::string_view bytes;
  const std::string& source;
  [[noreturn]] void fail(const std::string& why) const { throw NpzError(source + ": " + why); }
  std::uint32_t u16(std::size_t at) const {
    if (at + 2 > bytes.size()) fail("truncated archive");
    return std::uint32_t(std::uint8_t(bytes[at])) | std::uint32_t(std::uint8_t(bytes[at + 1])) << 8;
  }
  std::uint32_t u32(std::size_t at) const { return u16(at) | u16(at + 2) << 16; }
};

// Reads the dict of a .npy header: descr and shape (C order only).
void parse_npy(std::string_view file, NpyArray& a, const Reader& r) {
  const std::string member = a.name + ".npy";
  if (file.size() < 10 || file.substr(0, 6) != std::string_view(kNpyMagic, 6))
    r.fail("member " + member + " is not a .npy file");
  const Reader fr{file, r.source};
  std::size_t header_len = 0, header_at = 0;
  if (file[6] == 1) {
    header_len = fr.u16(8);
    header_at = 10;
  } else if (file[6] == 2 || file[6] == 3) {
    header_len = fr.u32(8);
    header_at = 12;
  } else {
    r.fail("member " + member + " has an unknown .npy version");
  }
  if (header_at + header_len > file.size()) r.fail("member " + member + " has a truncated header");
  const std::string header(file.substr(header_at, header_len));
  const auto field = [&](const std::string& key) {
    const auto at = header.find("'" + key + "':");
    if (at == std::string::npos) r.fail("member " + member + " header lacks '" + key + "'");
    return at + key.size() + 3;
  };
  std::size_t at = header.find('\'', field("descr"));
  const std::size_t end = at == std::string::npos ? at : header.find('\'', at + 1);
  if (end == std::string::npos) r.fail("member " + member + " has a malformed descr");
  a.dtype = header.substr(at + 1, end - at - 1);
  if (header.compare(field("fortran_order"), 6, " False") != 0)
    r.fail("member " + member + " is not C-ordered");
  at = header.find('(', field("shape"));
  const std::size_t close = at == std::string::npos ? at : header.find(')', at);
  if (close == std::string::npos) r.fail("member " + member + " has a malformed shape");
  a.shape.clear();
  std::int64_t count = 1;
  for (std::size_t i = at + 1; i < close;) {
    while (i < close && (header[i] == ' ' || header[i] == ',')) ++i;
    if (i >= close) break;
    std::int64_t d = 0;
    const std::size_t digits_from = i;
    while (i < close && header[i] >= '0' && header[i] <= '9') d = d * 10 + (header[i++] - '0');
    if (i == digits_from) r.fail("member " + member + " has a malformed shape");
    a.shape.push_back(d);
    count *= d;
  }
  int elem = 0;
  try {
    elem = dtype_size(a.dtype);
  } catch (const NpzError& e) {
    r.fail("member " + member + ": " + e.what());
  }
  const std::size_t data_at = header_at + header_len;
  if (file.size() - data_at != std::size_t(count) * elem)
    r.fail("member " + member + " holds " + std::to_string(file.size() - data_at) +
           " data bytes, its shape needs " + std::to_string(count * elem));
  a.data.assign(file.substr(data_at));
}

}  // namespace

int dtype_size(const std::string& dtype) {
  if (dtype == "<f4" || dtype == "<i4" || dtype == "<u4") return 4;
  if (dtype == "<i8" || dtype == "<u8" || dtype == "<f8") return 8;
  if (dtype == "<u2" || dtype == "<i2") return 2;
  if (dtype == "|u1" || dtype == "|i1") return 1;
  throw NpzError("unsupported dtype '" + dtype + "'");
}

std::string write_npz(const std::vector<NpyArray>& arrays) {
  std::string out, central;
  for (const auto& a : arrays) {
    std::int64_t count = 1;
    for (auto d : a.shape) count *= d;
    if (std::size_t(count) * dtype_size(a.dtype) != a.data.size())
      throw NpzError("array " + a.name + ": " + std::to_string(a.data.size()) +
                     " bytes do not fit its shape");
    const std::string name = a.name + ".npy";
    const std::string file = npy_bytes(a);
    if (file.size() >= 0xFFFFFFFFu || out.size() >= 0xFFFFFFFFu)
      throw NpzError("array " + a.name + ": archives over 4 GiB are not supported (no zip64)");
    const std::uint32_t crc = crc_of(file), offset = std::uint32_t(out.size()),
                        size = std::uint32_t(file.size());
    // Local header: version 2.0, no flags, stored, DOS time 1980-01-01 00:00.
    put32(out, kLocalHeader);
    for (std::uint32_t v : {20u, 0u, 0u, 0u, 0x21u}) put16(out, v);
    put32(out, crc);
    put32(out, size);
    put32(out, size);
    put16(out, std::uint32_t(name.size()));
    put16(out, 0);
    out += name;
    out += file;
    put32(central, kCentralHeader);
    for (std::uint32_t v : {20u, 20u, 0u, 0u, 0u, 0x21u}) put16(central, v);
    put32(central, crc);
    put32(central, size);
    put32(central, size);
    for (std::uint32_t v : {std::uint32_t(name.size()), 0u, 0u, 0u, 0u}) put16(central, v);
    put32(central, 0);  // external attributes
    put32(central, offset);
    central += name;
  }
  const std::uint32_t central_at = std::uint32_t(out.size());
  out += central;
  put32(out, kEndRecord);
  for (std::uint32_t v : {0u, 0u, std::uint32_t(arrays.size()), std::uint32_t(arrays.size())}) put16(out, v);
  put32(out, std::uint32_t(central.size()));
  put32(out, central_at);
  put16(out, 0);
  return out;
}

std::vector<NpyArray> read_npz(std::string_view bytes, const std::string& source) {
  const Reader r{bytes, source};
  if (bytes.size() < kEndRecordSize) r.fail("truncated archive (" + std::to_string(bytes.size()) + " bytes)");
  const std::size_t end = bytes.size() - kEndRecordSize;  // our archives carry no comment
  if (r.u32(end) != kEndRecord) r.fail("not an npz archive or truncated (no end record)");
  const std::uint32_t entries = r.u16(end + 10), central_size = r.u32(end + 12), central_at = r.u32(end + 16);
  if (std::size_t(central_at) + central_size != end) r.fail("central directory out of place");
  std::vector<NpyArray> arrays;
  std::size_t at = central_at;
  for (std::uint32_t i = 0; i < entries; ++i) {
    if (r.u32(at) != kCentralHeader) r.fail("bad central directory entry");
    const std::uint32_t method = r.u16(at + 10), crc = r.u32(at + 16), size = r.u32(at + 20);
    const std::uint32_t name_len = r.u16(at + 28), extra_len = r.u16(at + 30), comment_len = r.u16(at + 32);
    const std::uint32_t local = r.u32(at + 42);
    if (at + kCentralHeaderSize + name_len > end) r.fail("bad central directory entry");
    std::string name(bytes.substr(at + kCentralHeaderSize, name_len));
    at += kCentralHeaderSize + name_len + extra_len + comment_len;
    if (method != 0) r.fail("member " + name + " is compressed (only stored members are read)");
    if (name.size() < 5 || name.compare(name.size() - 4, 4, ".npy") != 0)
      r.fail("member " + name + " is not .npy");
    if (r.u32(local) != kLocalHeader) r.fail("member " + name + " has a bad local header");
    const std::size_t data_at = local + kLocalHeaderSize + r.u16(local + 26) + r.u16(local + 28);
    if (data_at + size > central_at) r.fail("member " + name + " runs past the archive");
    const std::string_view file = bytes.substr(data_at, size);
    if (crc_of(file) != crc) r.fail("member " + name + " fails its CRC-32 check (corrupt)");
    NpyArray a;
    a.name = name.substr(0, name.size() - 4);
    parse_npy(file, a, r);
    arrays.push_back(std::move(a));
  }
  return arrays;
}

}  // namespace pamir::selfplay
