// LEKA as a producer (leka.cpp): its spec and factory.
#pragma once
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "produce/producer.h"

namespace ekb {

struct LekaSpec {
    std::string name;                 // as in records: "leka", "leka-no-memory", "leka-from-cpu"
    std::set<std::string> ablate;     // layers it runs without
    std::string seed_from;            // backend whose leka kernel it starts from ("" none)
    std::string base_name() const;    // the name without "-from-<backend>"
};

// nullopt when `spec` is not a LEKA spec; throws std::invalid_argument for a malformed one.
std::optional<LekaSpec> parse_leka_spec(const std::string &spec);
std::unique_ptr<Producer> make_leka_producer(const LekaSpec &spec, const ProducerOptions &opts);

}  // namespace ekb
