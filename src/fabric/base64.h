// Base64 (RFC 4648, with padding) for artifacts carried inside fabric jobs.
#pragma once
#include <optional>
#include <string>

namespace ekb {

std::string base64_encode(const std::string &bytes);
// nullopt on any character outside the alphabet or a bad length/padding.
std::optional<std::string> base64_decode(const std::string &text);

}  // namespace ekb
