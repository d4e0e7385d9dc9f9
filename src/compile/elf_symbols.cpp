#include "compile/elf_symbols.h"

#include <elf.h>

#include <cstring>
#include <stdexcept>

namespace ekb {
namespace {

[[noreturn]] void malformed(const std::string &file, const std::string &what) {
    throw std::runtime_error(file + ": malformed ELF: " + what);
}

template <typename T>
T read_at(const std::string &b, uint64_t off, const std::string &file) {
    if (off > b.size() || sizeof(T) > b.size() - off) {
        malformed(file, "truncated (a read at offset " + std::to_string(off) + " past the end)");
    }
    T v;
    std::memcpy(&v, b.data() + off, sizeof(T));
    return v;
}

// A NUL-terminated string at `index` of the string table section `strtab`, within its bounds.
std::string read_str(const std::string &b, const ElfSection &strtab, uint64_t index, const std::string &file) {
    if (index >= strtab.size) malformed(file, "string offset out of its table");
    size_t begin = strtab.offset + index, end_of_table = strtab.offset + strtab.size;
    size_t end = b.find('\0', begin);
    if (end == std::string::npos || end >= end_of_table) malformed(file, "unterminated string");
    return b.substr(begin, end - begin);
}

}  // namespace

bool ElfSection::has_bytes() const { return type != SHT_NOBITS && type != SHT_NULL; }

const ElfSymbol *ElfObject::symbol_at(size_t symtab, uint32_t index) const {
    if (symtab >= symbol_tables.size() || index >= symbol_tables[symtab].size()) return nullptr;
    return &symbol_tables[symtab][index];
}

ElfObject read_elf_object(const std::string &b, const std::string &file) {
    if (b.size() < sizeof(Elf64_Ehdr) || std::memcmp(b.data(), ELFMAG, SELFMAG) != 0) {
        throw std::runtime_error(file + ": not an ELF file");
    }
    auto eh = read_at<Elf64_Ehdr>(b, 0, file);
    if (eh.e_ident[EI_CLASS] != ELFCLASS64) throw std::runtime_error(file + ": not a 64-bit ELF file");
    if (eh.e_ident[EI_DATA] != ELFDATA2LSB) throw std::runtime_error(file + ": not a little-endian ELF file");
    if (eh.e_shentsize != sizeof(Elf64_Shdr)) malformed(file, "unexpected section header size");
    // Extended numbering (more than 65279 sections) is never a pipeline.
    if (eh.e_shnum == 0 || eh.e_shstrndx == SHN_XINDEX) malformed(file, "no section headers, or extended numbering");
    ElfObject obj;
    obj.type = eh.e_type;
    obj.machine = eh.e_machine;
    std::vector<Elf64_Shdr> sh;
    for (size_t i = 0; i < eh.e_shnum; i++) {
        sh.push_back(read_at<Elf64_Shdr>(b, eh.e_shoff + i * sizeof(Elf64_Shdr), file));
        if (eh.e_shoff + i * sizeof(Elf64_Shdr) < eh.e_shoff) malformed(file, "section header offset overflows");
    }
    if (eh.e_shstrndx >= sh.size()) malformed(file, "bad section name table index");
    for (const auto &s : sh) {
        ElfSection es;
        es.type = s.sh_type;
        es.flags = s.sh_flags;
        es.offset = s.sh_offset;
        es.size = s.sh_size;
        es.address = s.sh_addr;
        es.link = s.sh_link;
        es.info = s.sh_info;
        if (es.has_bytes() && (es.offset > b.size() || es.size > b.size() - es.offset)) {
            malformed(file, "a section's bytes lie outside the file");
        }
        obj.sections.push_back(es);
    }
    const ElfSection &names = obj.sections[eh.e_shstrndx];
    if (names.type != SHT_STRTAB) malformed(file, "the section name table is not a string table");
    for (size_t i = 0; i < sh.size(); i++) {
        obj.sections[i].name = i == 0 ? "" : read_str(b, names, sh[i].sh_name, file);
        obj.section_names.push_back(obj.sections[i].name);
    }

    obj.symbol_tables.resize(sh.size());
    for (size_t t = 0; t < sh.size(); t++) {
        const ElfSection &s = obj.sections[t];
        if (s.type != SHT_SYMTAB && s.type != SHT_DYNSYM) continue;
        if (s.link >= sh.size() || obj.sections[s.link].type != SHT_STRTAB || sh[t].sh_entsize != sizeof(Elf64_Sym)) {
            malformed(file, "symbol table " + s.name);
        }
        const ElfSection &strtab = obj.sections[s.link];
        size_t n = s.size / sizeof(Elf64_Sym);
        for (size_t i = 0; i < n; i++) {
            auto sym = read_at<Elf64_Sym>(b, s.offset + i * sizeof(Elf64_Sym), file);
            ElfSymbol es;
            es.name = read_str(b, strtab, sym.st_name, file);
            es.type = ELF64_ST_TYPE(sym.st_info);
            es.section = sym.st_shndx;
            es.undefined = sym.st_shndx == SHN_UNDEF;
            int bind = ELF64_ST_BIND(sym.st_info);
            es.global = bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE;
            es.function = es.type == STT_FUNC;
            obj.symbol_tables[t].push_back(es);
            if (i == 0 || es.type == STT_SECTION || es.type == STT_FILE || es.name.empty()) continue;
            obj.symbols.push_back(es);
        }
    }

    for (size_t r = 0; r < sh.size(); r++) {
        const ElfSection &s = obj.sections[r];
        if (s.type != SHT_RELA && s.type != SHT_REL) continue;
        size_t entry = s.type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
        if (sh[r].sh_entsize != entry) malformed(file, "relocation section " + s.name + " has an unexpected entry size");
        // sh_link 0 is allowed in shared objects' dynamic relocations without a table.
        if (s.link != 0 && (s.link >= sh.size() || obj.symbol_tables[s.link].empty())) {
            malformed(file, "relocation section " + s.name + " links to no symbol table");
        }
        for (size_t i = 0; i < s.size / entry; i++) {
            auto rel = read_at<Elf64_Rel>(b, s.offset + i * entry, file);  // Rela starts with a Rel
            ElfRelocation er;
            er.section = r;
            er.target = s.info;
            er.offset = rel.r_offset;
            er.type = static_cast<uint32_t>(ELF64_R_TYPE(rel.r_info));
            er.symbol = static_cast<uint32_t>(ELF64_R_SYM(rel.r_info));
            er.symtab = s.link;
            obj.relocations.push_back(er);
        }
    }
    for (size_t d = 0; d < sh.size(); d++) {
        const ElfSection &s = obj.sections[d];
        if (s.type != SHT_DYNAMIC) continue;
        for (size_t i = 0; i < s.size / sizeof(Elf64_Dyn); i++) {
            auto dyn = read_at<Elf64_Dyn>(b, s.offset + i * sizeof(Elf64_Dyn), file);
            if (dyn.d_tag == DT_NULL) break;
            obj.dynamic.emplace_back(dyn.d_tag, dyn.d_un.d_val);
        }
    }
    if (eh.e_phnum > 0) {
        if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum == PN_XNUM) malformed(file, "program headers");
        for (size_t i = 0; i < eh.e_phnum; i++) {
            auto ph = read_at<Elf64_Phdr>(b, eh.e_phoff + i * sizeof(Elf64_Phdr), file);
            obj.segments.push_back({ph.p_type, ph.p_flags});
        }
    }
    return obj;
}

}  // namespace ekb
