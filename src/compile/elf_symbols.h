// Reads the sections and symbols of an ELF64 relocatable object (a compiled pipeline).
#pragma once
#include <string>
#include <vector>

namespace ekb {

struct ElfSymbol {
    std::string name;
    bool undefined = false;
    bool global = false;  // STB_GLOBAL or STB_WEAK
    bool function = false;
};

struct ElfObject {
    std::vector<std::string> section_names;
    std::vector<ElfSymbol> symbols;
};

// Throws std::runtime_error (naming the file) when the bytes are not an ELF64 object.
ElfObject read_elf_object(const std::string &bytes, const std::string &file_name);

}  // namespace ekb
