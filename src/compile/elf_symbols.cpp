#include "compile/elf_symbols.h"

#include <elf.h>

#include <cstring>
#include <stdexcept>

namespace ekb {
namespace {

template <typename T>
T read_at(const std::string &b, size_t off, const std::string &file) {
    if (off + sizeof(T) > b.size() || off + sizeof(T) < off) {
        throw std::runtime_error(file + ": truncated ELF (offset " + std::to_string(off) + ")");
    }
    T v;
    std::memcpy(&v, b.data() + off, sizeof(T));
    return v;
}

std::string read_str(const std::string &b, size_t off, const std::string &file) {
    if (off >= b.size()) throw std::runtime_error(file + ": ELF string offset out of range");
    size_t end = b.find('\0', off);
    if (end == std::string::npos) throw std::runtime_error(file + ": unterminated ELF string");
    return b.substr(off, end - off);
}

}  // namespace

ElfObject read_elf_object(const std::string &b, const std::string &file) {
    if (b.size() < sizeof(Elf64_Ehdr) || std::memcmp(b.data(), ELFMAG, SELFMAG) != 0) {
        throw std::runtime_error(file + ": not an ELF file");
    }
    auto eh = read_at<Elf64_Ehdr>(b, 0, file);
    if (eh.e_ident[EI_CLASS] != ELFCLASS64) throw std::runtime_error(file + ": not a 64-bit ELF file");
    if (eh.e_shentsize != sizeof(Elf64_Shdr)) throw std::runtime_error(file + ": unexpected section header size");
    std::vector<Elf64_Shdr> sh;
    for (size_t i = 0; i < eh.e_shnum; i++) {
        sh.push_back(read_at<Elf64_Shdr>(b, eh.e_shoff + i * sizeof(Elf64_Shdr), file));
    }
    if (eh.e_shstrndx >= sh.size()) throw std::runtime_error(file + ": bad section name table index");
    ElfObject obj;
    const auto &names = sh[eh.e_shstrndx];
    for (const auto &s : sh) obj.section_names.push_back(read_str(b, names.sh_offset + s.sh_name, file));
    for (const auto &s : sh) {
        if (s.sh_type != SHT_SYMTAB && s.sh_type != SHT_DYNSYM) continue;
        if (s.sh_link >= sh.size() || s.sh_entsize != sizeof(Elf64_Sym)) {
            throw std::runtime_error(file + ": malformed symbol table");
        }
        const auto &strtab = sh[s.sh_link];
        size_t n = s.sh_size / sizeof(Elf64_Sym);
        for (size_t i = 1; i < n; i++) {
            auto sym = read_at<Elf64_Sym>(b, s.sh_offset + i * sizeof(Elf64_Sym), file);
            int type = ELF64_ST_TYPE(sym.st_info);
            if (type == STT_SECTION || type == STT_FILE) continue;
            ElfSymbol es;
            es.name = read_str(b, strtab.sh_offset + sym.st_name, file);
            if (es.name.empty()) continue;
            es.undefined = sym.st_shndx == SHN_UNDEF;
            int bind = ELF64_ST_BIND(sym.st_info);
            es.global = bind == STB_GLOBAL || bind == STB_WEAK;
            es.function = type == STT_FUNC;
            obj.symbols.push_back(es);
        }
    }
    return obj;
}

}  // namespace ekb
