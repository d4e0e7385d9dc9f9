#include "compile/object_check.h"

#include <elf.h>

#include <cstdio>
#include <cstring>
#include <sstream>

#include "common/backend_table.h"
#include "common/files.h"
#include "compile/elf_symbols.h"

namespace ekb {
namespace {

// LLVM's section types for linker directives (not in every elf.h).
constexpr uint32_t k_sht_llvm_linker_options = 0x6fff4c01;
constexpr uint32_t k_sht_llvm_dependent_libraries = 0x6fff4c04;
constexpr uint32_t k_sht_llvm_addrsig = 0x6fff4c03;

// Sections whose code runs when the object is loaded or unloaded, before or after any
// timed call: never legitimate in a pipeline.
const char *k_load_time_sections[] = {".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors",
                                      ".init", ".fini"};

// Named here so the rejection says why; they are also absent from every allowlist.
struct Banned {
    const char *prefix;
    const char *why;
};
const Banned k_banned_symbols[] = {
    {"halide_memoization_cache_", "memoization replays results across calls (memoize is not allowed)"},
    {"halide_set_custom_", "custom runtime handlers are not allowed"},
    {"halide_set_error_handler", "custom runtime handlers are not allowed"},
    {"halide_shutdown", "a pipeline may not shut down the runtime"},
    {"halide_set_num_threads", "the thread count belongs to the device profile"},
    {"dlopen", "loading code at run time is not allowed"},
    {"syscall", "raw system calls are not allowed"},
};

// Runtime helpers Halide compiles into the pipeline object itself (the profile feature's
// runtime/profiler_inlined.cpp: a store, an atomic exchange, an atomic add). They are the
// pipeline's own code, called only by it: no more trust than its other functions.
const char *k_inlined_runtime[] = {"halide_profiler_set_current_func",       "halide_profiler_acquire_sampling_token",
                                   "halide_profiler_release_sampling_token", "halide_profiler_init_sampling_token",
                                   "halide_profiler_incr_active_threads",    "halide_profiler_decr_active_threads"};

bool inlined_runtime(const std::string &name) {
    for (const char *n : k_inlined_runtime) {
        if (name == n) return true;
    }
    return false;
}

bool named(const std::string &s, const char *base) {
    size_t n = std::strlen(base);
    return s == base || (s.size() > n && s.compare(0, n, base) == 0 && s[n] == '.');
}

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

ObjectCheckResult fail(const std::string &m) { return {false, m}; }

// The one rule for a section of a pipeline object: "" when it is one Halide emits with the
// flags it must have, else why not.
std::string section_problem(const ElfObject &obj, size_t index) {
    const ElfSection &s = obj.sections[index];
    const std::string &n = s.name;
    bool alloc = s.flags & SHF_ALLOC, write = s.flags & SHF_WRITE, exec = s.flags & SHF_EXECINSTR;
    if (index == 0) return s.type == SHT_NULL ? "" : "the first section is not the null section";
    for (const char *b : k_load_time_sections) {
        if (named(n, b)) return "section " + n + " is not allowed: code that runs at load time";
    }
    if (s.type == SHT_INIT_ARRAY || s.type == SHT_FINI_ARRAY || s.type == SHT_PREINIT_ARRAY) {
        return "section " + n + " is not allowed: an init/fini array (code that runs at load time)";
    }
    if (s.type == k_sht_llvm_dependent_libraries || named(n, ".deplibs")) {
        return "section " + n + " is not allowed: it asks the linker to load libraries (.deplibs)";
    }
    if (s.type == k_sht_llvm_linker_options || named(n, ".linker-options")) {
        return "section " + n + " is not allowed: linker directives";
    }
    if (n == ".note.GNU-stack") {
        if (s.flags != 0) return "section .note.GNU-stack is not allowed with flags " + hex(s.flags) + ": it asks for an executable stack";
        return "";
    }
    if (s.flags & SHF_TLS) return "section " + n + " is not allowed: thread-local storage";
    if (write && exec) return "section " + n + " is not allowed: writable and executable";
    if (exec && !named(n, ".text")) {
        return "section " + n + " is not allowed: executable code outside .text (hand-placed machine code)";
    }
    switch (s.type) {
        case SHT_STRTAB:
        case SHT_SYMTAB:
            return alloc ? "section " + n + " is not allowed: a loaded symbol or string table" : "";
        case SHT_RELA:
        case SHT_REL: {
            if (s.info == 0 || s.info >= obj.sections.size()) return "relocation section " + n + " patches no section";
            if (!(obj.sections[s.info].flags & SHF_ALLOC)) {
                return "relocation section " + n + " patches " + obj.sections[s.info].name + ", which is not loaded";
            }
            return alloc ? "section " + n + " is not allowed: loaded relocations" : "";
        }
        case k_sht_llvm_addrsig:
            return alloc ? "section " + n + " is not allowed: a loaded address-significance table" : "";
        case SHT_X86_64_UNWIND:
            if (obj.machine == EM_X86_64 && n == ".eh_frame" && alloc && !write) return "";
            break;
        case SHT_NOBITS:
            if (named(n, ".bss") && alloc && write) return "";
            break;
        case SHT_PROGBITS:
            if (named(n, ".text") && alloc && exec) return "";
            if (named(n, ".rodata") && alloc && !write) return "";
            if (named(n, ".data") && alloc && write) return "";
            if (n == ".eh_frame" && alloc) return "";
            if (n == ".comment" && !alloc) return "";
            break;
        default:
            break;
    }
    return "section " + n + " (type " + hex(s.type) + ", flags " + hex(s.flags) +
           ") is not allowed: not one a Halide pipeline emits";
}

// x86-64 relocation kinds of compiled position-independent code (small code model).
bool x86_relocation_allowed(uint32_t t) {
    switch (t) {
        case R_X86_64_64:
        case R_X86_64_PC32:
        case R_X86_64_PLT32:
        case R_X86_64_GOTPCREL:
        case R_X86_64_32:
        case R_X86_64_32S:
        case R_X86_64_PC64:
        case R_X86_64_GOTOFF64:
        case R_X86_64_GOTPC32:
        case R_X86_64_GOTPCRELX:
        case R_X86_64_REX_GOTPCRELX:
            return true;
        default:
            return false;  // TLS, IRELATIVE, COPY, GLOB_DAT, JUMP_SLOT, RELATIVE, ...
    }
}

// AArch64 (cross-compiled edge targets): everything but TLS and the dynamic-only kinds
// (COPY, GLOB_DAT, JUMP_SLOT, RELATIVE, TLS_*, TLSDESC, IRELATIVE: 1024-1032).
bool aarch64_relocation_allowed(uint32_t t) { return !(t >= 512 && t <= 573) && !(t >= 1024 && t <= 1032); }

struct Candidate {
    std::string section;
    uint64_t address;  // section address + offset (the disassembly's numbering)
    std::string what;
};

std::string describe(const Candidate &c, uint64_t section_address) {
    return "a system-call instruction, " + c.what + ", at " + c.section + "+" + hex(c.address - section_address) +
           ": a pipeline makes no system calls (it calls the runtime)";
}

// System-call byte patterns in one executable section. x86-64: every byte offset (a jump
// may land inside another instruction). AArch64: instructions are 4-byte words at 4-byte
// alignment, so a hit is an instruction (svc, hvc, smc) and `exact` is set.
std::vector<Candidate> syscall_candidates(const std::string &b, const ElfSection &s, uint16_t machine, bool &exact) {
    std::vector<Candidate> out;
    const unsigned char *p = reinterpret_cast<const unsigned char *>(b.data()) + s.offset;
    exact = machine != EM_X86_64;
    if (machine == EM_X86_64) {
        for (uint64_t i = 0; i + 1 < s.size; i++) {
            const char *what = p[i] == 0x0f && p[i + 1] == 0x05   ? "syscall (0F 05)"
                               : p[i] == 0x0f && p[i + 1] == 0x34 ? "sysenter (0F 34)"
                               : p[i] == 0xcd && p[i + 1] == 0x80 ? "int 0x80 (CD 80)"
                                                                  : nullptr;
            if (what) out.push_back({s.name, s.address + i, what});
        }
    } else if (machine == EM_AARCH64) {
        for (uint64_t i = 0; i + 3 < s.size; i += 4) {
            uint32_t w;
            std::memcpy(&w, p + i, 4);
            if ((w & 0xffe0001cu) == 0xd4000000u && (w & 3u) != 0) out.push_back({s.name, s.address + i, "svc/hvc/smc"});
        }
    }
    return out;
}

// Instruction starts per section in an llvm-objdump listing ("Disassembly of section X:",
// then "  1502: \tmovq\t..." lines).
std::set<std::pair<std::string, uint64_t>> instruction_starts(const std::string &listing) {
    std::set<std::pair<std::string, uint64_t>> starts;
    std::istringstream in(listing);
    std::string line, section;
    const std::string header = "Disassembly of section ";
    while (std::getline(in, line)) {
        if (line.rfind(header, 0) == 0) {
            section = line.substr(header.size());
            if (!section.empty() && section.back() == ':') section.pop_back();
            continue;
        }
        size_t p = line.find_first_not_of(" \t");
        if (p == std::string::npos) continue;
        size_t colon = line.find(':', p);
        if (colon == std::string::npos || colon == p) continue;
        std::string addr = line.substr(p, colon - p);
        if (addr.find_first_not_of("0123456789abcdef") != std::string::npos || addr.size() > 16) continue;
        starts.insert({section, std::stoull(addr, nullptr, 16)});
    }
    return starts;
}

// "" or why: the system-call instructions of every executable section of `obj`.
std::string syscall_problem(const std::string &bytes, const ElfObject &obj, const Disassembler &disassemble) {
    std::vector<std::pair<Candidate, uint64_t>> candidates;  // with their section's address
    for (const auto &s : obj.sections) {
        if (!(s.flags & SHF_EXECINSTR) || !s.has_bytes()) continue;
        bool exact = false;
        for (const auto &c : syscall_candidates(bytes, s, obj.machine, exact)) {
            if (exact) return describe(c, s.address);
            candidates.push_back({c, s.address});
        }
    }
    if (candidates.empty()) return "";
    if (!disassemble) {
        return describe(candidates.front().first, candidates.front().second) + " (no disassembler to tell it from "
               "bytes inside another instruction)";
    }
    std::optional<std::string> listing = disassemble(bytes);
    if (!listing) {
        return describe(candidates.front().first, candidates.front().second) + " (the disassembler failed on the object)";
    }
    auto starts = instruction_starts(*listing);
    if (starts.empty()) return describe(candidates.front().first, candidates.front().second) + " (an empty disassembly)";
    for (const auto &[c, base] : candidates) {
        if (starts.count({c.section, c.address})) return describe(c, base);
    }
    return "";  // every candidate lies inside another instruction
}

}  // namespace

ObjectAllowlist load_allowlist(const std::filesystem::path &dir, const std::string &backend) {
    ObjectAllowlist out;
    // The backend's row names its allowlist file (several backends may share one).
    const std::string file = (dir / (backend_info(backend).allowlist + ".txt")).string();
    std::istringstream in(read_file(file));
    std::string line;
    while (std::getline(in, line)) {
        auto hash = line.find('#');
        if (hash != std::string::npos) line.resize(hash);
        std::istringstream ls(line);
        std::string sym;
        if (!(ls >> sym)) continue;
        if (sym == "require") {
            if (!(ls >> sym)) throw std::runtime_error(file + ": 'require' names no symbol");
            out.required.push_back(sym);
        }
        out.symbols.insert(sym);
    }
    return out;
}

ObjectCheckResult check_pipeline_object(const std::string &bytes, const std::string &file,
                                        const ObjectAllowlist &allowlist, const std::string &fn,
                                        const Disassembler &disassemble) {
    ElfObject obj;
    try {
        obj = read_elf_object(bytes, file);
    } catch (const std::exception &e) {
        return fail(e.what());
    }
    if (obj.type != ET_REL) return fail(file + " is not a relocatable object (ELF type " + std::to_string(obj.type) + ")");
    if (obj.machine != EM_X86_64 && obj.machine != EM_AARCH64) {
        return fail(file + " is for machine " + std::to_string(obj.machine) + ", not x86-64 or AArch64");
    }

    for (size_t i = 0; i < obj.sections.size(); i++) {
        std::string why = section_problem(obj, i);
        if (!why.empty()) return fail(why);
    }
    bool has_entry = false, has_argv = false, has_metadata = false;
    for (const auto &sym : obj.symbols) {
        if (sym.type == STT_GNU_IFUNC) return fail("symbol " + sym.name + " is not allowed: an IFUNC (its resolver runs at load time)");
        if (sym.type == STT_TLS) return fail("symbol " + sym.name + " is not allowed: thread-local storage");
        if (sym.undefined) {
            for (const auto &b : k_banned_symbols) {
                if (sym.name.rfind(b.prefix, 0) == 0) return fail("symbol " + sym.name + " is not allowed: " + b.why);
            }
            if (!allowlist.count(sym.name)) {
                return fail("symbol " + sym.name +
                            " is not allowed: the pipeline may call only the Halide runtime and the "
                            "libc/libm functions on the backend's allowlist (extern stages and raw "
                            "calls are rejected)");
            }
        } else if (sym.global) {
            if (sym.name == fn) has_entry = true;
            if (sym.name == fn + "_argv") has_argv = true;
            if (sym.name == fn + "_metadata") has_metadata = true;
            // Halide names every function it emits after the pipeline (closures, kernels).
            if (sym.name.rfind(fn, 0) != 0 && !inlined_runtime(sym.name)) {
                return fail("symbol " + sym.name + " is defined but not allowed: a pipeline object defines only " + fn +
                            "* symbols");
            }
        }
    }

    for (const auto &r : obj.relocations) {
        const ElfSection &rs = obj.sections[r.section];
        std::string where = obj.sections[r.target].name + "+" + hex(r.offset);
        bool kind_ok = obj.machine == EM_X86_64 ? x86_relocation_allowed(r.type) : aarch64_relocation_allowed(r.type);
        if (!kind_ok) {
            return fail("relocation type " + std::to_string(r.type) + " at " + where +
                        " is not allowed: not a kind compiled pipeline code uses (TLS, IFUNC or dynamic-only)");
        }
        if (r.symbol == 0) continue;  // an absolute value, no symbol
        const ElfSymbol *sym = obj.symbol_at(r.symtab, r.symbol);
        if (!sym) return fail("relocation at " + where + " (in " + rs.name + ") refers to symbol #" + std::to_string(r.symbol) + ", which does not exist");
        if (sym->type == STT_GNU_IFUNC || sym->type == STT_TLS) {
            return fail("relocation at " + where + " refers to an IFUNC or TLS symbol");
        }
        if (sym->undefined && (sym->name.empty() || !allowlist.count(sym->name))) {
            return fail("relocation at " + where + " refers to undefined symbol '" + sym->name +
                        "', which is not on the backend's allowlist");
        }
        if (!sym->undefined && sym->section < SHN_LORESERVE && sym->section >= obj.sections.size()) {
            return fail("relocation at " + where + " refers to a symbol in section #" + std::to_string(sym->section) +
                        ", which does not exist");
        }
    }

    if (!has_entry || !has_argv || !has_metadata) {
        return fail("the object does not define " + fn + ", " + fn + "_argv and " + fn + "_metadata (what Halide emits)");
    }
    // Last: the one rule that may need a (confined) disassembly.
    if (std::string why = syscall_problem(bytes, obj, disassemble); !why.empty()) return fail(why);
    for (const auto &need : allowlist.required) {
        bool found = false;
        for (const auto &sym : obj.symbols) found = found || (sym.undefined && sym.name == need);
        if (!found) {
            return fail("the object never calls " + need +
                        ": it launches no device kernel, so its outputs would be computed on the host "
                        "(GPU kernels must run on the GPU)");
        }
    }
    return {};
}

ObjectCheckResult check_linked_pipeline(const std::string &bytes, const std::string &file, const Disassembler &disassemble) {
    ElfObject obj;
    try {
        obj = read_elf_object(bytes, file);
    } catch (const std::exception &e) {
        return fail(e.what());
    }
    if (obj.type != ET_DYN) return fail(file + " is not a shared object");
    for (const auto &s : obj.sections) {
        for (const char *b : k_load_time_sections) {
            if (named(s.name, b) && s.size > 0) return fail(file + ": section " + s.name + " (code that runs at load time)");
        }
    }
    for (const auto &[tag, value] : obj.dynamic) {
        const char *what = tag == DT_NEEDED                              ? "a needed library"
                           : tag == DT_RPATH || tag == DT_RUNPATH        ? "a library search path"
                           : tag == DT_AUXILIARY || tag == DT_FILTER     ? "a filter library"
                           : tag == DT_INIT || tag == DT_FINI            ? "load-time code (DT_INIT/DT_FINI)"
                           : tag == DT_INIT_ARRAY || tag == DT_FINI_ARRAY || tag == DT_PREINIT_ARRAY
                               ? "load-time code (an init/fini array)"
                               : nullptr;
        if (what) return fail(file + ": the linked object has " + what + " (dynamic tag " + std::to_string(tag) + ")");
    }
    if (std::string why = syscall_problem(bytes, obj, disassemble); !why.empty()) return fail(file + ": " + why);
    for (const auto &seg : obj.segments) {
        if (seg.type == PT_INTERP) return fail(file + ": the linked object names an interpreter");
        if (seg.type == PT_TLS) return fail(file + ": the linked object has thread-local storage");
        if (seg.type == PT_GNU_STACK && (seg.flags & PF_X)) return fail(file + ": the linked object asks for an executable stack");
        if (seg.type == PT_LOAD && (seg.flags & PF_W) && (seg.flags & PF_X)) {
            return fail(file + ": the linked object has a writable and executable segment");
        }
    }
    return {};
}

}  // namespace ekb
