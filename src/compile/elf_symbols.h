// Reads an ELF64 file (a compiled pipeline object, or the shared object linked from it):
// its header, sections (name, type, flags, bytes), symbols and relocations. Every offset
// and size is checked against the file: malformed input is an exception naming the file,
// never a read out of bounds. Used by the object check (object_check.h) on bytes the
// kernel's own process wrote.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ekb {

struct ElfSection {
    std::string name;
    uint32_t type = 0;     // SHT_*
    uint64_t flags = 0;    // SHF_*
    uint64_t offset = 0, size = 0;
    uint64_t address = 0;  // sh_addr: 0 in relocatable objects
    uint32_t link = 0, info = 0;
    bool has_bytes() const;  // not SHT_NOBITS / SHT_NULL
};

struct ElfSymbol {
    std::string name;
    bool undefined = false;
    bool global = false;  // STB_GLOBAL or STB_WEAK
    bool function = false;
    int type = 0;         // STT_*
    uint16_t section = 0; // st_shndx
};

struct ElfRelocation {
    size_t section = 0;   // the relocation section's index
    size_t target = 0;    // the section it patches (sh_info)
    uint64_t offset = 0;  // within the target section
    uint32_t type = 0;    // R_X86_64_* / R_AARCH64_*
    uint32_t symbol = 0;  // index into the symbol table it links to
    size_t symtab = 0;    // that symbol table's section index
};

struct ElfSegment {
    uint32_t type = 0;   // PT_*
    uint32_t flags = 0;  // PF_R | PF_W | PF_X
};

struct ElfObject {
    uint16_t type = 0;     // ET_REL, ET_DYN, ...
    uint16_t machine = 0;  // EM_X86_64, EM_AARCH64, ...
    std::vector<std::string> section_names;
    std::vector<ElfSection> sections;     // by index; [0] is the null section
    std::vector<ElfSymbol> symbols;       // named symbols of every symbol table (not sections/files)
    std::vector<ElfRelocation> relocations;
    std::vector<ElfSegment> segments;           // program headers (shared objects)
    std::vector<std::pair<int64_t, uint64_t>> dynamic;  // the .dynamic section's (tag, value) entries
    // Every entry of each symbol table (index 0 included, names may be empty), by the
    // table's section index: what relocations refer to.
    std::vector<std::vector<ElfSymbol>> symbol_tables;
    // The symbol `index` of symbol table section `symtab` (nullptr when out of range).
    const ElfSymbol *symbol_at(size_t symtab, uint32_t index) const;
};

// Throws std::runtime_error (naming the file) when the bytes are not a well-formed ELF64
// little-endian file.
ElfObject read_elf_object(const std::string &bytes, const std::string &file_name);

}  // namespace ekb
